// `npm run dev` shows a content edit: the static sections are rendered on the server only, so a
// change to a module of that render must reload the browser (scripts/ssr-reload-plugin.ts).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { sectionIds } from "../src/content/sections.ts";
import { contactSection } from "../src/content/contact.ts";
import { freePort } from "./support/free-port.ts";
import { copyProject, type ProjectCopy, editFile } from "./support/project-copy.ts";

test.describe.configure({ timeout: 120_000 });

let copy: ProjectCopy | undefined;
let dir = "";
let server: ChildProcess | undefined;
let url = "";

test.beforeAll(async () => {
  // Copying, building (or starting Vite) takes a while on a busy machine.
  test.setTimeout(300_000);
  copy = await copyProject();
  dir = copy.dir;
  const port = await freePort();
  url = `http://127.0.0.1:${port}/`;
  server = spawn(
    path.join(dir, "node_modules", ".bin", "vite"),
    ["--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    { cwd: dir, env: { ...process.env, OUTBOX_DIR: path.join(dir, ".outbox") }, stdio: "ignore" },
  );
  await expect(async () => expect((await fetch(url)).ok).toBe(true)).toPass({ timeout: 60_000 });
});

test.afterAll(async () => {
  server?.kill();
  await copy?.remove();
});

test("editing the content reloads the page with the edit in a static section", async ({ page }) => {
  // Vite tells a page to reload over its WebSocket, which the page opens once its client module
  // has run: a reload sent before that reaches no one. On a busy runner the edit went unseen and
  // the page reloaded only as the 30 s limit ran out.
  const connected = page.waitForEvent("console", (message) =>
    message.text().startsWith("[vite] connected"),
  );
  await page.goto(url);
  await connected;
  // contact.ts is read by the server render only (no island imports it), so no client module
  // update reaches the browser for it: only the plugin's reload does (checked: without
  // scripts/ssr-reload-plugin.ts this fails). Not people.ts: the photos' module makes Vite reload
  // the page for an edit there by itself, so the test passed without the plugin.
  const band = page.locator(`#${sectionIds.contact}`);
  await expect(band).toContainText(contactSection.intro);
  // A mark on the window survives hot module updates and is gone after a full reload.
  await page.evaluate(() => Object.assign(window, { beforeEdit: true }));
  await editFile(dir, "src/content/contact.ts", [
    [`intro: "${contactSection.intro}"`, 'intro: "Write to Sofía Núñez."'],
  ]);
  await expect(band).toContainText("Write to Sofía Núñez.", { timeout: 30_000 });
  expect(await page.evaluate(() => "beforeEdit" in window)).toBe(false);
});
