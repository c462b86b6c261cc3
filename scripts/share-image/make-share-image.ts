// Makes the share image (og:image, twitter:image) from the content at build time: satori lays the
// design out to SVG, resvg (its WebAssembly build: no browser, no native package, no system
// fonts) paints it to PNG. The SVG with real <text> nodes is kept for the tests to read.
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori from "satori";
import { interInstances } from "./inter-instances.ts";
import { SHARE_IMAGE_SIZE } from "../../src/structured-data.ts";
import { decodeEntities } from "../page-text.ts";
import { shareImageLayout } from "./share-image-layout.ts";

export type ShareImage = { png: Uint8Array; svgText: string };

let wasmReady: Promise<void> | undefined;
function initResvg(): Promise<void> {
  const wasmPath = createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm");
  wasmReady ??= readFile(wasmPath).then((wasm) => initWasm(wasm));
  return wasmReady;
}

export async function makeShareImage(root: string): Promise<ShareImage> {
  const fonts = await interInstances(root, [400, 600, 700, 800]);
  const options = {
    ...SHARE_IMAGE_SIZE,
    fonts: fonts.map((font) => ({ ...font, style: "normal" as const })),
  };
  // satori's types want a React element; the plain element tree is what it reads.
  const layout = shareImageLayout() as unknown as Parameters<typeof satori>[0];
  const [svgPaths, svgText] = await Promise.all([
    satori(layout, options),
    satori(layout, { ...options, embedFont: false }),
  ]);
  await initResvg();
  const resvg = new Resvg(svgPaths, { fitTo: { mode: "original" } });
  const png = resvg.render().asPng();
  resvg.free();
  return { png, svgText };
}

/** The text of an SVG's <text> nodes, in document order, joined by spaces. */
export function svgTextContent(svg: string): string {
  const nodes = [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)];
  const text = nodes.map(([, inner]) => (inner ?? "").replace(/<[^>]+>/g, "")).join(" ");
  return decodeEntities(text).replace(/\s+/g, " ");
}
