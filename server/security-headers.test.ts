import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  crossOriginOf,
  headerRules,
  headersForPath,
  IMMUTABLE_CACHE,
  pathMatches,
  REVALIDATE_CACHE,
  securityHeaders,
} from "./security-headers.ts";

/** The policy as a map of directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts, styles and images from the site only, never inline, and no font", () => {
    const csp = directives(contentSecurityPolicy({ emailOrigin: "/outbox" }));
    for (const name of ["default-src", "script-src", "style-src", "img-src"]) {
      expect(csp[name], name).toEqual(["'self'"]);
    }
    expect(csp["font-src"]).toEqual(["'none'"]);
    expect(contentSecurityPolicy({ emailOrigin: "/outbox" })).not.toMatch(/unsafe|data:|\*/);
  });

  it("allows inline styles only by the hashes the build computed", () => {
    const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const csp = directives(contentSecurityPolicy({ emailOrigin: "/outbox", styleHashes: [hash] }));
    expect(csp["style-src"]).toEqual(["'self'", hash]);
    expect(csp["script-src"]).toEqual(["'self'"]);
  });

  it("allows the inline first-paint script only by the hash the build computed", () => {
    const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    const csp = directives(contentSecurityPolicy({ emailOrigin: "/outbox", scriptHashes: [hash] }));
    expect(csp["script-src"]).toEqual(["'self'", hash]);
    expect(csp["style-src"]).toEqual(["'self'"]);
  });

  it("lets the page talk to the configured EmailJS host and nothing else", () => {
    expect(directives(contentSecurityPolicy({ emailOrigin: "/outbox" }))["connect-src"]).toEqual([
      "'self'",
    ]);
    expect(
      directives(contentSecurityPolicy({ emailOrigin: "https://api.emailjs.com" }))["connect-src"],
    ).toEqual(["'self'", "https://api.emailjs.com"]);
  });

  it("allows exactly what Google's reCAPTCHA v2 needs when the build has a key", () => {
    const options = { emailOrigin: "https://api.emailjs.com", scriptHashes: ["'sha256-x'"] };
    const csp = directives(contentSecurityPolicy({ ...options, recaptcha: true }));
    expect(csp["script-src"]).toEqual([
      "'self'",
      "'sha256-x'",
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
    expect(csp["frame-src"]).toEqual([
      "https://www.youtube-nocookie.com",
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
    ]);
    const plain = directives(contentSecurityPolicy(options));
    for (const name of Object.keys(plain).filter((n) => n !== "script-src" && n !== "frame-src")) {
      expect(csp[name], name).toEqual(plain[name]);
    }
    // Without the key the policy is exactly what it was: nothing of Google in it.
    expect(contentSecurityPolicy({ ...options, recaptcha: false })).toBe(
      contentSecurityPolicy(options),
    );
    expect(contentSecurityPolicy(options)).not.toMatch(/google|gstatic/);
  });

  it("frames only the youtube-nocookie player and is framed by no one", () => {
    const csp = directives(contentSecurityPolicy({ emailOrigin: "/outbox" }));
    expect(csp["frame-src"]).toEqual(["https://www.youtube-nocookie.com"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
  });
});

describe("crossOriginOf", () => {
  it("reduces an absolute URL to its origin and a path to nothing", () => {
    expect(crossOriginOf("https://api.emailjs.com/")).toBe("https://api.emailjs.com");
    expect(crossOriginOf("https://mail.example.org:8443/relay")).toBe(
      "https://mail.example.org:8443",
    );
    expect(crossOriginOf("/outbox")).toBeNull();
  });
});

describe("securityHeaders", () => {
  it("sends the referrer, sniffing, permissions and HTTPS policies", () => {
    const headers = securityHeaders({ emailOrigin: "/outbox" });
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Strict-Transport-Security"]).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Permissions-Policy"]).toContain(
      'fullscreen=(self "https://www.youtube-nocookie.com")',
    );
  });
});

describe("headerRules", () => {
  const rules = headerRules({ emailOrigin: "/outbox" });

  it("caches hashed assets for a year and revalidates the page", () => {
    expect(headersForPath(rules, "/assets/index-abc123.js")["Cache-Control"]).toBe(IMMUTABLE_CACHE);
    expect(headersForPath(rules, "/")["Cache-Control"]).toBe(REVALIDATE_CACHE);
    expect(headersForPath(rules, "/index.html")["Cache-Control"]).toBe(REVALIDATE_CACHE);
    expect(headersForPath(rules, "/robots.txt")).not.toHaveProperty("Cache-Control");
  });

  it("gives every path the security headers", () => {
    for (const pathname of ["/", "/assets/a.css", "/share-image.png", "/outbox"]) {
      expect(headersForPath(rules, pathname)).toMatchObject(
        securityHeaders({ emailOrigin: "/outbox" }),
      );
    }
  });

  it("never sets one header twice for a path, which hosts would join with a comma", () => {
    for (const pathname of ["/", "/index.html", "/assets/a.js", "/favicon.svg"]) {
      const names = rules
        .filter((rule) => pathMatches(rule.path, pathname))
        .flatMap((rule) => Object.keys(rule.headers));
      expect(new Set(names).size, pathname).toBe(names.length);
    }
  });
});
