import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./app.tsx";

export { renderData, renderHead } from "./head.ts";

/** The whole page as HTML, for the prerender (build) and the dev server. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
