import { describe, expect, it } from "vitest";
import { emailInstead } from "../content/registration.ts";
import { emailInsteadHref } from "./use-registration.ts";

describe("emailInsteadHref", () => {
  it("writes a mailto: to the team with the subject and the visitor's details", () => {
    const href = emailInsteadHref(
      { firstName: " Ada ", lastName: "Lovelace", email: "ada@example.com", phone: "+1 555 0100" },
      "team@example.org",
    );
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("team@example.org");
    expect(url.searchParams.get("subject")).toBe(emailInstead.subject);
    expect(url.searchParams.get("body")).toBe(
      `${emailInstead.intro}\r\n\r\nName: Ada Lovelace\r\nEmail: ada@example.com\r\nPhone: +1 555 0100`,
    );
    // Spaces as %20 (a "+" would show as a plus sign in mail apps), line breaks as %0D%0A.
    expect(href).not.toContain("+1");
    expect(href).toContain("Phone%3A%20%2B1%20555%200100");
    expect(href).toContain("%0D%0A");
  });

  it("keeps &, =, # and non-Latin text inside the body instead of breaking the link", () => {
    const href = emailInsteadHref(
      { firstName: "A&B=C", lastName: "#שלום 🎓", email: "x?y@example.com", phone: "1" },
      "team@example.org",
    );
    const body = new URL(href).searchParams.get("body") ?? "";
    expect(body).toContain("Name: A&B=C #שלום 🎓\r\nEmail: x?y@example.com");
    expect(href.split("?")).toHaveLength(2);
  });
});
