import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import globals from "globals";

// The one-way flow of docs/architecture.md: content, lib → ui → registration → sections, layout →
// app → entries. A zone forbids files in `target` to import from `from` (paths from the root).
const topLevel = "./src/*.{ts,tsx}";
const entries = [
  "./src/islands-entry.ts",
  "./src/entry-client.tsx",
  "./src/entry-server.tsx",
  "./src/loader.ts",
  "./src/first-paint.ts",
];
const layers = [
  { target: ["./src/content", "./src/lib"], above: ["./src/ui", "./src/registration"] },
  { target: ["./src/ui"], above: ["./src/registration"] },
  {
    target: ["./src/content", "./src/lib", "./src/ui", "./src/registration"],
    above: ["./src/sections", "./src/layout"],
  },
  {
    target: [
      "./src/content",
      "./src/lib",
      "./src/ui",
      "./src/registration",
      "./src/sections",
      "./src/layout",
    ],
    above: [topLevel],
  },
  // The islands' facade (src/islands-entry.ts) is the one module that imports an entry.
  { target: ["./src/!(islands-entry).{ts,tsx}"], above: entries },
];
export const layerZones = [
  ...layers.map(({ target, above, except }) => ({
    target,
    from: above,
    ...(except ? { except } : {}),
    message:
      "Imports flow one way (docs/architecture.md): this module may not import from a layer above it.",
  })),
  {
    target: "./src",
    from: ["./server", "./scripts", "./e2e"],
    message: "The browser code never imports the server, the build scripts or the tests.",
  },
  {
    target: "./server",
    from: "./src",
    except: ["./registration/email-wire.ts", "./lib/escape-html.ts"],
    message:
      "The server shares only the email wire's constants and types (and the HTML escaper) with the browser code.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist",
      "node_modules",
      "test-results",
      "playwright-report",
      "bench-results",
      ".cache",
      ".vercel",
      // Mutation testing's sandboxes and reports (stryker.config.mjs).
      ".stryker-tmp",
      "reports",
      // A build's staging and retired folders (scripts/site-build/replace-dir.ts).
      ".*.partial-*",
      ".*.old-*",
      // Code that breaks the rules on purpose, linted by scripts/eslint-layers.test.ts.
      "scripts/eslint-fixtures",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX },
    settings: {
      // The import-x TypeScript preset's file settings (without its resolver package): which
      // files it follows and parses, so no-cycle sees through .ts/.tsx modules.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["src/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // One `test` for every browser test (e2e/support/test.ts): a file on Playwright's own would run
    // in workers of its own, each starting Node, the test files and a browser anew.
    files: ["e2e/**/*.ts"],
    ignores: ["e2e/support/test.ts", "e2e/engines/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import `test` from e2e/support/test.ts, the one all browser tests share.",
            },
          ],
        },
      ],
    },
  },
);
