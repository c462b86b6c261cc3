import { describe, expect, it } from "vitest";
import { renderOutboxPage } from "./page.ts";
import type { StoredMessage } from "./store.ts";

const stored = (n: number, params: Record<string, string>): StoredMessage => ({
  id: `id-${n}`,
  receivedAt: `2025-06-05T18:3${n}:00.000Z`,
  lib_version: "3.2.0",
  user_id: "key",
  service_id: "service",
  template_id: "template",
  template_params: params,
});

describe("renderOutboxPage", () => {
  it("lists the messages newest first", () => {
    const html = renderOutboxPage([
      stored(1, { subject: "First", to_email: "a@example.com", message: "one" }),
      stored(2, { subject: "Second", to_email: "b@example.com", message: "two" }),
    ]);
    expect(html).toContain("2 messages");
    expect(html.indexOf("<h2>Second</h2>")).toBeLessThan(html.indexOf("<h2>First</h2>"));
    expect(html).toContain("<dt>To</dt><dd>b@example.com</dd>");
    expect(html).toContain("<dd>2025-06-05T18:32:00.000Z</dd>");
  });

  it("escapes every value and keeps the message's line breaks", () => {
    const html = renderOutboxPage([
      stored(1, {
        subject: "<b>Hi</b>",
        from_name: `<script>alert(1)</script>`,
        message: `Line 1\n<img src=x onerror="alert(1)">\n'quoted' & done`,
      }),
    ]);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(html).toContain("<h2>&lt;b&gt;Hi&lt;/b&gt;</h2>");
    expect(html).toContain("<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>");
    expect(html).toContain(
      "<pre>Line 1\n&lt;img src=x onerror=&quot;alert(1)&quot;&gt;\n&#39;quoted&#39; &amp; done</pre>",
    );
  });

  it("says how to fill an empty outbox", () => {
    expect(renderOutboxPage([])).toContain("No messages yet");
  });
});
