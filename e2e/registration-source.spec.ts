// The lead carries its source: the landing's UTM parameters and referring host reach the admin
// email's Source block, kept in sessionStorage (no cookie) while the tab lives.
import { successBanner } from "../src/content/registration.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import {
  expect,
  fillRegistration,
  openRegistration,
  outboxMessagesFor,
  student,
  submitButton,
  test,
} from "./support/registration.ts";
import type { APIRequestContext, Page } from "@playwright/test";

async function register(page: Page, request: APIRequestContext, tag: string) {
  const data = student(tag);
  await expect(page.locator("#registration fieldset")).toBeEnabled();
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();
  const [admin] = await outboxMessagesFor(request, data.email);
  expect(admin?.template_params.subject).toBe(registrationEmailCopy.admin.subject);
  return admin?.template_params.message ?? "";
}

test("a campaign landing's UTM parameters and referring site end the admin email, even after a reload", async ({
  page,
  request,
  context,
}) => {
  const campaign = encodeURIComponent("June <b>launch</b> 🎓");
  await page.goto(
    `/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}&utm_content=${"x".repeat(300)}#registration`,
    { referer: "https://news.example.org/2025/06/sql-jobs?id=7" },
  );
  await expect(page.locator("#registration fieldset")).toBeEnabled();
  // The visitor reloads the bare address: the tab's landing still counts.
  await page.goto("/");
  const message = await register(page, request, "utm");
  expect(message).toMatch(
    new RegExp(
      [
        "\\n\\nSource",
        "utm_source: newsletter",
        "utm_medium: email",
        "utm_campaign: June <b>launch</b> 🎓",
        `utm_content: ${"x".repeat(100)}…`,
        "Referring site: news\\.example\\.org$",
      ].join("\\n"),
    ),
  );
  expect(await context.cookies()).toEqual([]);
});

test("a visit without a campaign or another site's link is a Direct visit", async ({
  page,
  request,
}) => {
  await openRegistration(page);
  const message = await register(page, request, "direct");
  expect(message).toMatch(/\n\nSource\nDirect visit$/);
});
