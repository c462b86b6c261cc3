// The honeypot never catches a person: Chromium's own autofill (driven through the DevTools
// protocol with a full address profile) fills the real fields and leaves the honeypot empty.
import type { CDPSession, Page } from "@playwright/test";
import { quietFlags } from "../scripts/chrome-flags.ts";
import { findBrowser } from "../scripts/find-browser.ts";
import { successBanner } from "../src/content/registration.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import {
  banner,
  expect,
  field,
  fillRegistration,
  openRegistration,
  outboxMessagesFor,
  student,
  submitButton,
  test,
} from "./support/registration.ts";

// Autofill is the full browser's: the headless shell of the rest of the suite has none.
test.use({ launchOptions: { executablePath: findBrowser(), args: quietFlags } });
// Both tests in one worker: a browser option of its own gives the file workers of its own, and
// each would start Node and the full browser for one test.
test.describe.configure({ mode: "default" });

const honeypot = (page: Page) => page.locator("#registration-hp");

const profile = [
  ["NAME_FIRST", "Ada"],
  ["NAME_LAST", "Lovelace"],
  ["NAME_FULL", "Ada Lovelace"],
  ["EMAIL_ADDRESS", "ada@example.com"],
  ["PHONE_HOME_WHOLE_NUMBER", "+15550100100"],
  ["COMPANY_NAME", "Analytical Engines Ltd"],
  ["ADDRESS_HOME_LINE1", "12 Marylebone Road"],
  ["ADDRESS_HOME_CITY", "London"],
  ["ADDRESS_HOME_ZIP", "NW1 5LR"],
  ["ADDRESS_HOME_COUNTRY", "GB"],
].map(([name, value]) => ({ name: name ?? "", value: value ?? "" }));

type FilledField = { name: string; value: string; autofillType: string };

/** Chromium's autofill, as when a visitor picks their saved address on the first name field. */
async function autofill(page: Page, cdp: CDPSession): Promise<FilledField[]> {
  const filled = new Promise<FilledField[]>((resolve) =>
    cdp.once("Autofill.addressFormFilled", (event) => resolve(event.filledFields)),
  );
  await cdp.send("Autofill.enable");
  await field(page, "firstName").focus();
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector: "#registration-firstName",
  });
  const { node } = await cdp.send("DOM.describeNode", { nodeId });
  await cdp.send("Autofill.trigger", {
    fieldId: node.backendNodeId,
    address: { fields: profile },
  });
  return filled;
}

test("Chromium's autofill fills the four fields and leaves the honeypot empty", async ({
  page,
}) => {
  await openRegistration(page);
  const cdp = await page.context().newCDPSession(page);
  // A control beside the honeypot, in the same hidden box: a name autofill does recognise. It
  // is filled, so hiding is no protection and the honeypot's own name is what keeps it empty.
  await honeypot(page).evaluate((input) => {
    const control = input.cloneNode() as HTMLInputElement;
    control.id = "control";
    control.name = "organization";
    control.removeAttribute("autocomplete");
    input.after(control);
  });
  const filled = await autofill(page, cdp);

  await expect(field(page, "firstName")).toHaveValue("Ada");
  await expect(field(page, "lastName")).toHaveValue("Lovelace");
  await expect(field(page, "email")).toHaveValue("ada@example.com");
  await expect(field(page, "phone")).not.toHaveValue("");
  await expect(page.locator("#control")).toHaveValue("Analytical Engines Ltd");
  await expect(honeypot(page)).toHaveValue("");
  // Chromium saw the honeypot and found no type for it.
  expect(filled.find((filledField) => filledField.name === "hp_k7q")).toMatchObject({
    value: "",
    autofillType: "",
  });
});

test("the honeypot is out of sight, out of the tab order and out of the accessibility tree", async ({
  page,
}) => {
  await openRegistration(page);
  await expect(honeypot(page)).toHaveAttribute("tabindex", "-1");
  await expect(honeypot(page)).toHaveAttribute("autocomplete", "off");
  await expect(
    page.locator('#registration [aria-hidden="true"]').locator("#registration-hp"),
  ).toHaveCount(1);
  const box = await honeypot(page).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
  await expect(page.locator("#registration").getByRole("textbox")).toHaveCount(4);
  await field(page, "phone").focus();
  await page.keyboard.press("Tab");
  await expect(field(page, "consent")).toBeFocused();
});

test("a registration whose honeypot was filled reaches the team, and the banner claims no confirmation", async ({
  page,
  request,
}) => {
  await openRegistration(page);
  const data = student("honeypot");
  await fillRegistration(page, data);
  await honeypot(page).evaluate(
    (input: HTMLInputElement) => (input.value = "https://spam.example"),
  );
  await submitButton(page).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(successBanner.textWithoutConfirmation);
  await expect(banner(page)).not.toContainText(successBanner.text);
  const messages = await outboxMessagesFor(request, data.email);
  expect(messages.map((message) => message.template_params.subject)).toEqual([
    registrationEmailCopy.admin.subject,
  ]);
});
