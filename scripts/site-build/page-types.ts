// The build type-checks the page's code and content (src/) before it builds: Vite strips types
// without checking them, so a misspelt icon name or field in src/content/ would otherwise build
// and deploy. A host runs `npm run build`, never `npm run typecheck`. TypeScript's native
// compiler (the `typescript-native` package) checks src/ in about a second.
import { execFile } from "node:child_process";
import path from "node:path";

export const PAGE_TSCONFIG = "tsconfig.page.json";

/** TypeScript's lines `file(line,col): error TSnnnn: message`, as the build's error lines. */
export function typeErrorLines(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^[^\s(]+\(\d+,\d+\): error TS\d+:/.test(line))
    .map((line) => {
      const [, file, message] = /^([^\s(]+\(\d+,\d+\)): error TS\d+: (.*)$/.exec(line) ?? [];
      return `${file}: ${message} (a type error in the site's code or content: fix it and build again)`;
    });
}

/** Runs the check in `root`; resolves with one line per type error, none when it passes. */
export function checkPageTypes(root: string): Promise<string[]> {
  const tsc = path.join(root, "node_modules", "typescript-native", "bin", "tsc");
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsc, "-p", PAGE_TSCONFIG, "--noEmit", "--pretty", "false"],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve([]);
        const lines = typeErrorLines(`${stdout}\n${stderr}`);
        resolve(
          lines.length > 0
            ? lines
            : [
                `The type check of src/ could not run: ${(stderr || stdout || error.message).trim()}`,
              ],
        );
      },
    );
  });
}
