// Fills the page template with the server-rendered page. Shared by the build and the dev server.
export type PageRenderer = {
  render: () => string;
  renderHead: () => string;
  renderData: () => string;
};

export function fillTemplate(template: string, page: PageRenderer): string {
  const filled = template
    .replace("<!--app-head-->", () => page.renderHead())
    .replace("<!--app-html-->", () => page.render())
    .replace("<!--app-data-->", () => page.renderData());
  if (filled.includes("<!--app-")) throw new Error("index.html has a placeholder left unfilled");
  return filled;
}
