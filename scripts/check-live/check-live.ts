// `npm run check:live -- https://your-site [--send-test] [--email you@example.org]`: checks the
// deployed site and prints a checklist, each ✗ with its fix; exits 1 on any ✗. With --send-test,
// also registers once through the live page (a registration marked TEST) and reports the email
// service's answer to each of the two sends. Why it exists: docs/decisions/0018-live-check.md.
import { parseArgs } from "node:util";
import { formatChecklist } from "./checklist.ts";
import { runLiveChecks, SITE_TITLE } from "./live-checks.ts";

const USAGE =
  "usage: npm run check:live -- https://your-site [--send-test] [--email you@example.org]";

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
  // A site that gives no page gets its one line, and no test registration.
  if (parsed.values["send-test"] && items[0]?.title !== SITE_TITLE) {
    // Loaded only here: the browser's driver is most of the check's start-up time.
    const { SendTestError } = await import("./send-test.ts");
    const { testRegistrationItems } = await import("./test-registration.ts");
    items.push(
      ...(await testRegistrationItems(address, parsed.values.email).catch((error: Error) => [
        {
          ok: false as const,
          title: "Test registration",
          detail: `could not be made: ${error.message}`,
          fix:
            error instanceof SendTestError
              ? error.fix
              : "open the address in a browser and register once yourself; its console names the cause",
        },
      ])),
    );
  }
  console.log(formatChecklist(items));
  return items.every((item) => item.ok) ? 0 : 1;
}

process.exitCode = await main();
