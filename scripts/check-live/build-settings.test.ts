import { describe, expect, it } from "vitest";
import { readBuildSettings } from "./build-settings.ts";

/** The sender's settings object as a minifier may write it, with `admin` as the last literal. */
const script = (quote: string, admin: string) =>
  `var J=w({VITE_EMAILJS_PUBLIC_KEY:${quote}pk${quote},VITE_EMAILJS_SERVICE_ID:${quote}service_1${quote},VITE_EMAILJS_TEMPLATE_ID:${quote}template_1${quote},VITE_EMAILJS_ORIGIN:void 0,VITE_ADMIN_EMAIL:${admin}})`;

describe("readBuildSettings", () => {
  it.each(["`", '"', "'"])(
    "reads strings in %s quotes, resolved as the page resolves them",
    (quote) => {
      expect(readBuildSettings(script(quote, `${quote}desk@school.test${quote}`))).toEqual({
        mode: "emailjs",
        publicKey: "pk",
        serviceId: "service_1",
        templateId: "template_1",
        origin: "https://api.emailjs.com",
        adminEmail: "desk@school.test",
      });
    },
  );

  it("reads an unset setting (void 0), and an escaped quote", () => {
    expect(readBuildSettings(script('"', "void 0"))?.adminEmail).toBeUndefined();
    expect(readBuildSettings(script('"', '"o\\"brien@school.test"'))?.adminEmail).toBe(
      'o"brien@school.test',
    );
  });

  it("reads an outbox build's placeholder ids", () => {
    const outbox = script('"', "void 0").replace(/"(pk|service_1|template_1)"/g, "void 0");
    expect(readBuildSettings(outbox)).toMatchObject({ mode: "outbox", origin: "/outbox" });
  });

  it("finds nothing in a script without the settings object", () => {
    expect(readBuildSettings("console.log(1)")).toBeUndefined();
  });
});
