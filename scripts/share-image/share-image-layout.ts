// The share image's design (1200×630, the site's colours), as the element tree satori lays out:
// the brand, the program's name and tagline, its facts and the price, all from the content.
import { hero, offer, offerText, program } from "../../src/content/program.ts";
import { site } from "../../src/content/site.ts";
import { SHARE_IMAGE_SIZE } from "../../src/structured-data.ts";

type Style = Record<string, string | number>;
export type Element = { type: string; props: { style?: Style; children?: Node | Node[] } };
type Node = Element | string;

const el = (type: string, style: Style, children?: Node | Node[]): Element => ({
  type,
  props: { style, children },
});

/** The texts the image shows, in reading order: what the build's test looks for in it. */
export function shareImageTexts() {
  return {
    brand: site.brand,
    title: program.name,
    tagline: hero.tagline,
    facts: [...hero.facts],
    price: `${offerText.price} ${offer.period}`,
  };
}

const pill: Style = {
  fontSize: 24,
  fontWeight: 600,
  padding: "12px 22px",
  borderRadius: 999,
  backgroundColor: "rgba(255, 255, 255, 0.12)",
  whiteSpace: "nowrap",
};

export function shareImageLayout(): Element {
  const texts = shareImageTexts();
  // satori sizes boxes without their padding: the outer box is the canvas, the inner one pads.
  const canvas = {
    ...SHARE_IMAGE_SIZE,
    display: "flex",
    fontFamily: "Inter",
    color: "#fff",
    backgroundImage: "linear-gradient(135deg, #1e3a8a 0%, #172554 100%)",
  };
  const padded = {
    flexGrow: 1,
    display: "flex",
    flexDirection: "column",
    justifyContent: "space-between",
    padding: "64px 72px",
  };
  return el("div", canvas, [
    el("div", padded, [
      el("div", { display: "flex", alignItems: "center", fontSize: 30, fontWeight: 700 }, [
        el("div", {
          width: 14,
          height: 14,
          borderRadius: 4,
          backgroundColor: "#c2410c",
          marginRight: 14,
        }),
        texts.brand,
      ]),
      el("div", { display: "flex", flexDirection: "column" }, [
        el(
          "div",
          { fontSize: 80, fontWeight: 800, lineHeight: 1.04, letterSpacing: -2.4, maxWidth: 980 },
          texts.title,
        ),
        el(
          "div",
          { marginTop: 24, fontSize: 30, lineHeight: 1.35, maxWidth: 960, opacity: 0.88 },
          texts.tagline,
        ),
      ]),
      el("div", { display: "flex", alignItems: "center" }, [
        el(
          "div",
          { display: "flex", gap: 14 },
          texts.facts.map((fact) => el("div", pill, fact)),
        ),
        el("div", { ...pill, marginLeft: "auto", backgroundColor: "#c2410c" }, texts.price),
      ]),
    ]),
  ]);
}
