// GET /outbox: one page of the stored emails (the newest 100 by default), newest first, with a
// link to the older ones. Every value is escaped: the messages hold whatever visitors typed.
import { escapeHtml } from "../../src/lib/escape-html.ts";
import type { StoredMessage } from "./store.ts";

const styles = `
  body { margin: 0; background: #f8fafc; color: #0f172a; font: 16px/1.6 system-ui, sans-serif; }
  main { max-width: 48rem; margin: 0 auto; padding: 2rem 1.25rem; }
  h1 { color: #1e3a8a; margin: 0 0 .25rem; }
  article { background: #fff; border: 1px solid #e2e8f0; border-radius: .75rem; padding: 1.25rem 1.5rem; margin-top: 1.25rem; }
  h2 { font-size: 1.125rem; margin: 0; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .125rem 1rem; margin: .75rem 0; font-size: .9375rem; }
  dt { color: #475569; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f8fafc; border-radius: .5rem; padding: 1rem; margin: 0; font: inherit; }
  .muted { color: #475569; }
  nav { display: flex; gap: 1.5rem; margin-top: 1.5rem; }
  a { color: #1d4ed8; }
`;

/** Links to the other pages (addresses on this server), or null where there is none. */
export type PageLinks = { older: string | null; newest: string | null };

/** Readable names for the template params this site sends; any other param shows as is. */
const paramLabels: Record<string, string> = {
  to_email: "To",
  to_name: "To (name)",
  from_name: "From",
  from_email: "From (email)",
  phone: "Phone",
};

function renderMessage(message: StoredMessage): string {
  const { message: text = "", subject = "(no subject)", ...params } = message.template_params;
  const rows: [string, string][] = [
    ["Received", message.receivedAt],
    ...Object.entries(params).map(([key, value]): [string, string] => [
      paramLabels[key] ?? key,
      value,
    ]),
    ["Service / template", `${message.service_id} / ${message.template_id}`],
  ];
  return `<article>
  <h2>${escapeHtml(subject)}</h2>
  <dl>${rows.map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
  <pre>${escapeHtml(text)}</pre>
</article>`;
}

function renderNav({ older, newest }: PageLinks): string {
  const links = [
    newest && `<a href="${escapeHtml(newest)}">Newest messages</a>`,
    older && `<a href="${escapeHtml(older)}">Older messages</a>`,
  ].filter(Boolean);
  return links.length ? `<nav aria-label="Pages">${links.join("")}</nav>` : "";
}

export function renderOutboxPage(
  messages: readonly StoredMessage[],
  links: PageLinks = { older: null, newest: null },
): string {
  const newestFirst = [...messages].reverse();
  const count = messages.length === 1 ? "1 message" : `${messages.length} messages`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (${count})</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p class="muted">Emails the site sent while no EmailJS keys are configured: ${count}${links.older || links.newest ? " on this page" : ""}, newest first.</p>
${newestFirst.length ? newestFirst.map(renderMessage).join("\n") : "<p>No messages yet. Register on the site, then reload this page.</p>"}
${renderNav(links)}
</main>
</body>
</html>`;
}
