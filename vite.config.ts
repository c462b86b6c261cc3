import { readFile } from "node:fs/promises";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { contentAssets } from "./scripts/content-assets-plugin.ts";
import { createOutboxMiddleware } from "./server/outbox/middleware.ts";
import { fillTemplate, type PageRenderer } from "./server/prerender.ts";

/** `npm run dev` serves the page rendered on the server, as the build does, plus the outbox. */
function devServer(): Plugin {
  return {
    name: "bootcamp-dev-server",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(createOutboxMiddleware({ dir: process.env.OUTBOX_DIR ?? ".outbox" }));
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
          res.end(fillTemplate(template, page));
        } catch (error) {
          server.ssrFixStacktrace(error as Error);
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [contentAssets(), react(), tailwindcss(), devServer()],
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
  },
});
