import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../../src/content/site.ts";
import {
  BUILD_ENV_KEYS,
  loadBuildEnv,
  recaptchaSecretNames,
  resolveBuildConfig,
  viteDefines,
} from "./build-config.ts";

let root: string;
beforeEach(async () => {
  // Whatever the shell running the tests holds, each test starts with none of the settings.
  for (const key of BUILD_ENV_KEYS) vi.stubEnv(key, undefined);
  root = await mkdtemp(path.join(tmpdir(), "build-config-"));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

const envFile = (name: string, lines: string[]) =>
  writeFile(path.join(root, name), `${lines.join("\n")}\n`);

const keys = [
  "VITE_EMAILJS_PUBLIC_KEY=pk-from-file",
  "VITE_EMAILJS_SERVICE_ID=service-from-file",
  "VITE_EMAILJS_TEMPLATE_ID=template-from-file",
];

describe("loadBuildEnv", () => {
  it("reads the settings from .env alone", async () => {
    await envFile(".env", [...keys, "VITE_SITE_URL=https://learn.example.org/camp"]);
    expect(loadBuildEnv(root, {})).toEqual({
      VITE_EMAILJS_PUBLIC_KEY: "pk-from-file",
      VITE_EMAILJS_SERVICE_ID: "service-from-file",
      VITE_EMAILJS_TEMPLATE_ID: "template-from-file",
      VITE_SITE_URL: "https://learn.example.org/camp",
    });
  });

  it("lets the shell win over the files", async () => {
    await envFile(".env", ["VITE_ADMIN_EMAIL=file@school.test"]);
    vi.stubEnv("VITE_ADMIN_EMAIL", "shell@school.test");
    expect(loadBuildEnv(root).VITE_ADMIN_EMAIL).toBe("shell@school.test");
    expect(loadBuildEnv(root, { VITE_ADMIN_EMAIL: "given@school.test" }).VITE_ADMIN_EMAIL).toBe(
      "given@school.test",
    );
  });

  it("follows Vite's order of files for the production mode", async () => {
    await envFile(".env", ["VITE_SITE_URL=https://a.test/", "VITE_ADMIN_EMAIL=a@a.test"]);
    await envFile(".env.production", ["VITE_SITE_URL=https://b.test/"]);
    await envFile(".env.development", ["VITE_ADMIN_EMAIL=dev@a.test"]);
    expect(loadBuildEnv(root, {})).toEqual({
      VITE_SITE_URL: "https://b.test/",
      VITE_ADMIN_EMAIL: "a@a.test",
    });
  });

  it("keeps only the build's own variables, trimmed, and treats blank values as unset", async () => {
    await envFile(".env", ["VITE_SITE_URL=  https://a.test/  ", "VITE_ADMIN_EMAIL=", "SECRET=x"]);
    expect(loadBuildEnv(root, { VITE_UNUSED: "y", VITE_EMAILJS_ORIGIN: " " })).toEqual({
      VITE_SITE_URL: "https://a.test/",
    });
  });
});

describe("resolveBuildConfig", () => {
  it("is the local outbox at the content's address when nothing is set", () => {
    const config = resolveBuildConfig({});
    expect(config.email.mode).toBe("outbox");
    expect(config.email.origin).toBe("/outbox");
    expect(config.siteUrl).toBe(`${site.url}/`);
  });

  it("resolves EmailJS, the origin without a trailing slash and the site URL with one", () => {
    const config = resolveBuildConfig({
      VITE_EMAILJS_PUBLIC_KEY: "pk",
      VITE_EMAILJS_SERVICE_ID: "service",
      VITE_EMAILJS_TEMPLATE_ID: "template",
      VITE_EMAILJS_ORIGIN: "https://mail-proxy.school.test/",
      VITE_SITE_URL: "https://school.test/camp",
    });
    expect(config.email).toMatchObject({ mode: "emailjs", publicKey: "pk" });
    expect(config.email.origin).toBe("https://mail-proxy.school.test");
    expect(config.siteUrl).toBe("https://school.test/camp/");
    expect(config.env.VITE_SITE_URL).toBe("https://school.test/camp/");
  });
});

describe("viteDefines", () => {
  it("defines every build variable, the unset ones as undefined", () => {
    const defines = viteDefines(resolveBuildConfig({ VITE_ADMIN_EMAIL: "a@school.test" }));
    expect(defines).toEqual({
      "import.meta.env.VITE_EMAILJS_PUBLIC_KEY": "undefined",
      "import.meta.env.VITE_EMAILJS_SERVICE_ID": "undefined",
      "import.meta.env.VITE_EMAILJS_TEMPLATE_ID": "undefined",
      "import.meta.env.VITE_EMAILJS_ORIGIN": "undefined",
      "import.meta.env.VITE_ADMIN_EMAIL": '"a@school.test"',
      "import.meta.env.VITE_SITE_URL": "undefined",
      "import.meta.env.VITE_RECAPTCHA_SITE_KEY": "undefined",
    });
  });
});

describe("the reCAPTCHA settings", () => {
  const siteKey = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";

  it("hands the site key to the page and to the headers, and nothing without it", async () => {
    await envFile(".env", [`VITE_RECAPTCHA_SITE_KEY=${siteKey}`]);
    const config = resolveBuildConfig(loadBuildEnv(root, {}));
    expect(config.recaptchaSiteKey).toBe(siteKey);
    expect(viteDefines(config)["import.meta.env.VITE_RECAPTCHA_SITE_KEY"]).toBe(
      JSON.stringify(siteKey),
    );
    const without = resolveBuildConfig({});
    expect("recaptchaSiteKey" in without).toBe(false);
    expect(viteDefines(without)["import.meta.env.VITE_RECAPTCHA_SITE_KEY"]).toBe("undefined");
  });

  it("finds settings named like a secret key in the .env files and VITE_* ones in the shell", async () => {
    await envFile(".env", ["RECAPTCHA_SECRET_KEY=s", `VITE_RECAPTCHA_SITE_KEY=${siteKey}`]);
    await envFile(".env.production.local", ["VITE_RECAPTCHA_SECRET=s", "EMAILJS_PRIVATE_KEY=p"]);
    expect(
      recaptchaSecretNames(root, {
        SECRET_RECAPTCHA: "server side",
        VITE_SECRET_RECAPTCHA_KEY: "s",
      }),
    ).toEqual(["RECAPTCHA_SECRET_KEY", "VITE_RECAPTCHA_SECRET", "VITE_SECRET_RECAPTCHA_KEY"]);
    await rm(path.join(root, ".env"));
    await rm(path.join(root, ".env.production.local"));
    expect(recaptchaSecretNames(root, { PATH: "/bin" })).toEqual([]);
  });
});
