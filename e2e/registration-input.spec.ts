import { successBanner } from "../src/content/registration.ts";
import {
  expect,
  fillRegistration,
  openRegistration,
  outboxMessagesFor,
  student,
  submitButton,
  test,
} from "./support/registration.ts";

const script = "<script>alert(1)</script>";
const markup = `<img src=x onerror="alert(2)">`;
const rtl = "مرحبا بالعالم שלום";
const emoji = "Zoë 🎓👩🏽‍💻";

test("markup, emoji, right-to-left and very long values arrive as literal text and never run", async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const long = "é".repeat(5000);
  const data = student("literal", {
    firstName: `${script} ${emoji}`,
    lastName: `${markup} ${rtl}`,
    phone: long,
  });
  await openRegistration(page);
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();

  const [admin, confirmation] = await outboxMessagesFor(request, data.email);
  const fullName = `${script} ${emoji} ${markup} ${rtl}`;
  expect(admin?.template_params.from_name).toBe(fullName);
  expect(admin?.template_params.phone).toBe(long);
  expect(admin?.template_params.message).toContain(`Name: ${fullName}\n`);
  expect(admin?.template_params.message).toContain(`Phone: ${long}\n`);
  expect(confirmation?.template_params.to_name).toBe(fullName);

  await page.goto("/outbox");
  const entry = page.locator("article").filter({ hasText: data.email }).first();
  await expect(entry.locator("dd").filter({ hasText: fullName }).first()).toHaveText(fullName);
  await expect(entry.locator("pre")).toContainText(`Name: ${fullName}`);
  expect(await page.locator("article img, article script").count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test("the outbox page shows the emails newest first, with their line breaks", async ({
  page,
  request,
}) => {
  const data = student("order");
  await openRegistration(page);
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();

  await page.goto("/outbox");
  const mine = page.locator("article").filter({ hasText: data.email });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0).locator("h2")).toHaveText(/Registration Confirmation$/);
  await expect(mine.nth(1).locator("h2")).toHaveText("New Bootcamp Registration");
  await expect(mine.nth(1).locator("pre")).toHaveCSS("white-space", "pre-wrap");
  const [admin] = await outboxMessagesFor(request, data.email);
  expect(await mine.nth(1).locator("pre").textContent()).toBe(admin?.template_params.message);
});
