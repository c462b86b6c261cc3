// `npm run check:live -- https://your-site [--send-test] [--email you@example.org]`: checks the
// deployed site and prints a checklist, each ✗ with its fix; exits 1 on any ✗. With --send-test,
// also registers once through the live page (a registration marked TEST) and reports the email
// service's answer to each of the two sends. Why it exists: docs/decisions/0017-live-check.md.
import { parseArgs } from "node:util";
import { formatChecklist } from "./checklist.ts";
import { runLiveChecks, type CheckItem } from "./live-checks.ts";
import { readPageFacts } from "./page-facts.ts";
import { describeSendAnswer, RECAPTCHA_BY_HAND } from "./send-answers.ts";
import { sendTest, TEST_REGISTRATION } from "./send-test.ts";

const USAGE =
  "usage: npm run check:live -- https://your-site [--send-test] [--email you@example.org]";
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

async function sendTestItems(address: string, email: string | undefined): Promise<CheckItem[]> {
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

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { "send-test": { type: "boolean" }, email: { type: "string" } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [address] = parsed.positionals;
  if (!address || parsed.positionals.length > 1 || !/^https?:\/\//i.test(address)) {
    console.error(USAGE);
    return 2;
  }
  console.log(`Checking ${address} …\n`);
  const items = await runLiveChecks(address);
  if (parsed.values["send-test"]) {
    items.push(
      ...(await sendTestItems(address, parsed.values.email).catch((error: Error) => [
        {
          ok: false,
          title: "Test registration",
          detail: `could not be made: ${error.message}`,
          fix: "make sure the page loads in a browser, then run the check again",
        },
      ])),
    );
  }
  console.log(formatChecklist(items));
  return items.every((item) => item.ok) ? 0 : 1;
}

process.exitCode = await main();
