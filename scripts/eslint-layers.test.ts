// The lint enforces the one-way imports of docs/architecture.md and refuses import cycles
// (eslint.config.js). Each rule is shown to fire, so a resolver that silently resolves nothing
// cannot pass for a clean tree.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd(), ignore: false });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function rulesFor(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const restricted = "import-x/no-restricted-paths";

// ESLint's first lint of a file loads the configuration, the plugins and the import resolver:
// seconds of work done once, which on a slow, busy machine outlasted the 5 s of the test that
// happened to come first. Done here, under a limit of its own, each test times only its rule.
beforeAll(async () => {
  await rulesFor(
    `import { cn } from "../lib/cn.ts";\nexport const x = cn;\n`,
    "src/ui/warm-up.tsx",
  );
}, 60_000);

describe("the import direction", () => {
  it("refuses an upward import: a primitive of ui/ importing a section", async () => {
    const code = `import { HeroSection } from "../sections/hero-section.tsx";\nexport const x = HeroSection;\n`;
    expect(await rulesFor(code, "src/ui/fixture.tsx")).toEqual([restricted]);
  });

  it("refuses content importing ui, and anything below the app importing the app", async () => {
    expect(
      await rulesFor(
        `import { Icon } from "../ui/icons.tsx";\nexport const x = Icon;\n`,
        "src/content/fixture.ts",
      ),
    ).toEqual([restricted]);
    expect(
      await rulesFor(
        `import { App } from "../app.tsx";\nexport const x = App;\n`,
        "src/layout/fixture.tsx",
      ),
    ).toEqual([restricted]);
  });

  it("refuses the app importing an entry, and the browser code importing the server", async () => {
    expect(
      await rulesFor(
        `import { render } from "./entry-server.tsx";\nexport const x = render;\n`,
        "src/app-fixture.tsx",
      ),
    ).toEqual([restricted]);
    expect(
      await rulesFor(
        `import { createApp } from "../../server/app.ts";\nexport const x = createApp;\n`,
        "src/lib/fixture.ts",
      ),
    ).toEqual([restricted]);
  });

  it("lets the outbox share only the wire with the browser code", async () => {
    const wire = `import { EMAIL_SEND_PATH } from "../../src/registration/email-wire.ts";\nexport const x = EMAIL_SEND_PATH;\n`;
    expect(await rulesFor(wire, "server/outbox/fixture.ts")).toEqual([]);
    const form = `import { RegistrationForm } from "../../src/registration/registration-form.tsx";\nexport const x = RegistrationForm;\n`;
    expect(await rulesFor(form, "server/outbox/fixture.ts")).toEqual([restricted]);
  });

  it("allows the imports that follow the flow", async () => {
    const code = `import { Button } from "../ui/button.tsx";\nimport { site } from "../content/site.ts";\nexport const x = [Button, site];\n`;
    expect(await rulesFor(code, "src/sections/fixture.tsx")).toEqual([]);
  });
});

describe("import cycles", () => {
  it("are refused", async () => {
    const [result] = await eslint.lintFiles(["scripts/eslint-fixtures/cycle-a.ts"]);
    expect(result?.messages.map((message) => message.ruleId)).toEqual(["import-x/no-cycle"]);
  });
});
