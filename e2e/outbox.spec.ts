import { expect, test } from "./support/test.ts";
import { sampleSendBody } from "../server/outbox/sample-send-body.ts";
import { EMAIL_SEND_PATH, OUTBOX_ORIGIN } from "../src/registration/email-wire.ts";

// Its own recipient, so tests sharing the outbox never read each other's messages.
const valid = {
  ...sampleSendBody,
  template_params: { to_email: "outbox-spec@example.com", subject: "Outbox spec", message: "Hi" },
};
const send = `${OUTBOX_ORIGIN}${EMAIL_SEND_PATH}`;

test("the outbox answers a valid EmailJS request with 200 OK", async ({ request }) => {
  const response = await request.post(send, { data: valid });
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});

test("the outbox refuses an incomplete request with 400 and the reason", async ({ request }) => {
  const response = await request.post(send, { data: { ...valid, template_id: "" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toBe("The template ID (template_id) is required.");
});

test("the outbox refuses a body over its size limit with 413", async ({ request }) => {
  const huge = { ...valid, template_params: { message: "x".repeat(300 * 1024) } };
  expect((await request.post(send, { data: huge })).status()).toBe(413);
});

test("the outbox page runs no script, whatever the messages hold", async ({ request, page }) => {
  const subject = `<script>alert("outbox")</script> ${Date.now()}`;
  await request.post(send, { data: { ...valid, template_params: { subject, message: "x" } } });
  let dialog = false;
  page.on("dialog", async (d) => {
    dialog = true;
    await d.dismiss();
  });
  const response = await page.goto("/outbox");
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  expect(dialog).toBe(false);
});
