// Vite plugin for `npm run dev`: a full page reload when a module of the server-rendered page
// changes (Vite 6+ no longer reloads the browser for SSR-only modules).
import type { EnvironmentModuleNode, Plugin } from "vite";

export function ssrReload(): Plugin {
  return {
    name: "ssr-reload",
    apply: "serve",
    hotUpdate({ modules, server, timestamp }) {
      if (this.environment.name !== "ssr" || modules.length === 0) return;
      // The page is rendered on the server for each request: drop the stale modules first, then
      // reload the browser so it asks for a page rendered from the edit.
      const seen = new Set<EnvironmentModuleNode>();
      for (const mod of modules) {
        this.environment.moduleGraph.invalidateModule(mod, seen, timestamp, true);
      }
      server.ws.send({ type: "full-reload" });
    },
  };
}
