// `--send-test` as checklist items: the test registration's two sends, each answer in words.
import type { CheckItem } from "./live-checks.ts";
import { readPageFacts } from "./page-facts.ts";
import { describeSendAnswer, RECAPTCHA_BY_HAND } from "./send-answers.ts";
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
  const result = await sendTest(address, to, {
    loopbackOnly: LOOPBACK.has(new URL(address).hostname),
  });
  const name = `${TEST_REGISTRATION.firstName} ${TEST_REGISTRATION.lastName}`;
  const items = (["admin", "student"] as const).map((which): CheckItem => {
    const verdict = describeSendAnswer(result[which], facts.emailOrigin ? "EmailJS" : "the outbox");
    const title =
      which === "admin"
        ? "Test registration, admin email"
        : "Test registration, confirmation email";
    return {
      ok: verdict.ok,
      title,
      detail: verdict.words,
      ...(verdict.fix ? { fix: verdict.fix } : {}),
    };
  });
  const noSend = result.admin.kind === "not-sent";
  const first = items[0];
  if (first && facts.recaptcha && noSend) first.fix = RECAPTCHA_BY_HAND;
  if (items.every((item) => item.ok)) {
    items.push({
      ok: true,
      title: "Test registration",
      detail: `"${name}" registered with ${to}: look for both emails, and delete them`,
    });
  }
  return items;
}
