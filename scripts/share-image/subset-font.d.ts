// subset-font ships no types; this is the part of its API the share image uses.
declare module "subset-font" {
  type Options = {
    targetFormat?: "sfnt" | "woff" | "woff2";
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  };
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: Options,
  ): Promise<Buffer>;
}
