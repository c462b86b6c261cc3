import { readFile } from "node:fs/promises";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { FIRST_PAINT_ENTRY, FIRST_PAINT_PLACEHOLDER } from "./scripts/first-paint-script.ts";
import { iconSprite } from "./scripts/icon-sprite-plugin.ts";
import { peoplePhotos } from "./scripts/people-photos/people-photos-plugin.ts";
import { ssrReload } from "./scripts/ssr-reload-plugin.ts";
import { checkBuild } from "./scripts/site-build/build-checks.ts";
import { BUILD_ENV_KEYS, type BuildEnv } from "./scripts/site-build/build-config.ts";
import { contentFacts } from "./scripts/site-build/content-facts.ts";
import { isLoopbackHost } from "./server/outbox/access.ts";
import { createOutboxMiddleware } from "./server/outbox/middleware.ts";
import { parseRateLimit } from "./server/outbox/rate-limit.ts";
import { fillTemplate, type PageRenderer } from "./server/prerender.ts";

function checkDevSettings(values: Record<string, unknown>, logger: { warn(msg: string): void }) {
  const env: BuildEnv = {};
  for (const key of BUILD_ENV_KEYS) {
    const value = String(values[key] ?? "").trim();
    if (value) env[key] = value;
  }
  const checked = checkBuild(env, contentFacts());
  for (const warning of checked.warnings) logger.warn(`warning: ${warning}`);
  if (!checked.ok) throw new Error(checked.errors.join("\n"));
}

/** `npm run dev` serves the page rendered on the server, as the build does, plus the outbox. */
function devServer(): Plugin {
  return {
    name: "bootcamp-dev-server",
    apply: "serve",
    configureServer(server) {
      // The build's settings checks, on the values the dev server runs with (Vite's .env files
      // of the development mode and the shell): the same mistakes stop it, the same warnings show.
      // Not under Vitest (mode "test"), whose server serves no page.
      if (server.config.mode !== "test") checkDevSettings(server.config.env, server.config.logger);
      // The outbox under the same rules as `npm start` (server/outbox/access.ts): a dev server
      // reachable from the network (`--host`) needs OUTBOX_TOKEN, or it does not start.
      const host = server.config.server.host;
      const bound = host === true ? "0.0.0.0" : host || "localhost";
      const token = process.env.OUTBOX_TOKEN || undefined;
      if (!isLoopbackHost(bound) && !token)
        throw new Error(
          `The dev server on ${bound} would show every registration in the outbox to the network: set OUTBOX_TOKEN to a long secret, or drop --host.`,
        );
      const dir = process.env.OUTBOX_DIR ?? ".outbox";
      const rateLimit = parseRateLimit(process.env.OUTBOX_RATE_LIMIT);
      const requireRecaptcha = process.env.OUTBOX_REQUIRE_RECAPTCHA === "1";
      server.middlewares.use(
        createOutboxMiddleware({ dir, host: bound, token, rateLimit, requireRecaptcha }),
      );
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? "/";
        if (url !== "/" && !url.startsWith("/?") && url !== "/index.html") return next();
        try {
          const template = await server.transformIndexHtml(
            url,
            await readFile(path.resolve("index.html"), "utf8"),
          );
          const page = (await server.ssrLoadModule("/src/entry-server.tsx")) as PageRenderer;
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          // No CSP in development: the first-paint script runs as a module (after parsing).
          const html = fillTemplate(template, page).replace(
            FIRST_PAINT_PLACEHOLDER,
            `<script type="module" src="/${FIRST_PAINT_ENTRY}"></script>`,
          );
          res.end(html);
        } catch (error) {
          server.ssrFixStacktrace(error as Error);
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [iconSprite(), peoplePhotos(), react(), tailwindcss(), devServer(), ssrReload()],
  // Vite's default CORS lets any localhost origin read and preflight everything, the outbox
  // included; the page needs none (it is served from this origin).
  server: { cors: false },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    // Every asset is a file of its own: cacheable, and allowed by a strict img-src.
    assetsInlineLimit: 0,
    // The page has no <link rel="modulepreload"> for the polyfill to serve: keep it out of the loader.
    modulePreload: { polyfill: false },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // The files share their workers' module cache instead of each loading React, sharp and the
    // content anew: 10 s of CPU instead of 22 s for the same tests. What one file changes is put
    // back after each test (fake timers by the tests themselves, env stubs and mocks here).
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
    // Limits, never waits: a passing test returns when done. Some do real work (fsynced outbox
    // writes, a build), which on a slow runner busy with the browser tests beside them took 6 to
    // 9 s, past Vitest's default 5 s; the setups that load ESLint or encode the sample photos
    // took over 60 s on a runner 3× slower than this project's (with the checks' CPU share cut).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
