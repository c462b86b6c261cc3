// `--send-test` as checklist items: the test registration's two sends, each answer in words.
import type { CheckItem } from "./live-checks.ts";
import { readPageFacts } from "./page-facts.ts";
import { describeSendAnswer } from "./send-answers.ts";
import { sendTest, TEST_REGISTRATION } from "./send-test.ts";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The checklist items of `--send-test`: one per send, and a reminder of what to delete. */
export async function testRegistrationItems(
  address: string,
  email: string | undefined,
): Promise<CheckItem[]> {
  const page = await fetch(address).then((response) => response.text());
  const facts = readPageFacts(page);
  const to = email ?? facts.placeholders.contactEmail;
  if (!to) {
    return [
      {
        ok: false,
        title: "Test registration",
        detail: "the page shows no contact email to register with",
        fix: "give one: --email you@example.org",
      },
    ];
  }
  const emailHost = facts.emailOrigin && new URL(facts.emailOrigin).hostname;
  const result = await sendTest(address, to, {
    recaptcha: facts.recaptcha,
    // On loopback, the browser reaches this computer and the email service, nothing else.
    ...(LOOPBACK.has(new URL(address).hostname)
      ? { resolveOnly: emailHost ? [emailHost] : [] }
      : {}),
  });
  const name = `${TEST_REGISTRATION.firstName} ${TEST_REGISTRATION.lastName}`;
  const items = (["admin", "student"] as const).map((which): CheckItem => {
    const verdict = describeSendAnswer(result[which], facts.emailOrigin ? "EmailJS" : "the outbox");
    const title =
      which === "admin"
        ? "Test registration, admin email"
        : "Test registration, confirmation email";
    const to = result.recipients[which];
    return verdict.ok
      ? { ok: true, title, detail: `${verdict.words}, to ${to ?? "(no address)"}` }
      : { ok: false, title, detail: verdict.words, fix: verdict.fix };
  });
  if (items.every((item) => item.ok)) {
    items.push({
      ok: true,
      title: "Test registration",
      detail: `"${name}" registered with ${to}: look for both emails ${facts.emailOrigin ? "in those mailboxes" : `at ${new URL("outbox", address).href}`}, and delete them`,
    });
  }
  return items;
}
