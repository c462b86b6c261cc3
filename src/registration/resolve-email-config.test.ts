import { describe, expect, it } from "vitest";
import { site } from "../content/site.ts";
import { resolveEmailConfig } from "./resolve-email-config.ts";

describe("resolveEmailConfig", () => {
  it("uses the local outbox with placeholder ids when no EmailJS key is set", () => {
    expect(resolveEmailConfig({})).toEqual({
      mode: "outbox",
      publicKey: "outbox-public-key",
      serviceId: "outbox-service",
      templateId: "outbox-template",
      origin: "/outbox",
      adminEmail: site.email,
    });
  });

  it("treats blank values as unset", () => {
    const config = resolveEmailConfig({
      VITE_EMAILJS_PUBLIC_KEY: " ",
      VITE_EMAILJS_SERVICE_ID: "",
      VITE_EMAILJS_ORIGIN: "",
      VITE_ADMIN_EMAIL: "",
    });
    expect(config.mode).toBe("outbox");
    expect(config.origin).toBe("/outbox");
    expect(config.adminEmail).toBe(site.email);
  });

  it("sends to EmailJS when the keys are set", () => {
    expect(
      resolveEmailConfig({
        VITE_EMAILJS_PUBLIC_KEY: "pk_123",
        VITE_EMAILJS_SERVICE_ID: "service_abc",
        VITE_EMAILJS_TEMPLATE_ID: "template_xyz",
        VITE_ADMIN_EMAIL: "leads@example.org",
      }),
    ).toEqual({
      mode: "emailjs",
      publicKey: "pk_123",
      serviceId: "service_abc",
      templateId: "template_xyz",
      origin: "https://api.emailjs.com",
      adminEmail: "leads@example.org",
    });
  });

  it("leaves a missing id empty so the email library reports it instead of guessing", () => {
    const config = resolveEmailConfig({ VITE_EMAILJS_PUBLIC_KEY: "pk_123" });
    expect(config.mode).toBe("emailjs");
    expect(config.serviceId).toBe("");
    expect(config.templateId).toBe("");
  });

  it("lets VITE_EMAILJS_ORIGIN point the requests elsewhere", () => {
    expect(resolveEmailConfig({ VITE_EMAILJS_ORIGIN: "https://proxy.example.org" }).origin).toBe(
      "https://proxy.example.org",
    );
  });
});
