import { expect, test } from "@playwright/test";
import { sectionIds } from "../src/content/sections.ts";

test("the page renders every section in order", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "SQL & Cloud Databases Bootcamp",
  );
  for (const id of [sectionIds.registration, sectionIds.curriculum, sectionIds.contact]) {
    await expect(page.locator(`#${id}`)).toBeVisible();
  }
});
