// The stylesheet in two: what the first screen's markup uses stays inline, so it paints from the
// page's first round trip; what only the rest of the page uses goes to a file linked where the
// first screen ends, which a browser fetches while it paints what is above it. That is the
// utilities no element above has, and the base rules of elements none above is (form fields,
// tables, code).
// Moving a rule later in its layer must not change which of two rules wins on any element: a
// rule stays inline when an element it styles may also have an inline rule of the same layer that
// came after it and sets a property of the same family.
import { transform, type Declaration, type Rule, type Selector } from "lightningcss";

/** The class names of each element of `html` that has any. */
export function classLists(html: string): string[][] {
  return [...html.matchAll(/\sclass="([^"]*)"/g)].map(([, list = ""]) =>
    list.split(/\s+/).filter(Boolean),
  );
}

/** The element names in `html`. */
export const tagNames = (html: string) =>
  new Set([...html.matchAll(/<([a-z][a-z0-9-]*)/g)].map(([, name = ""]) => name));

/** A style rule of the base or utilities layer (inside its @media or @supports, if any). */
type Styled = {
  layer: "base" | "utilities";
  /** A utility's class. */
  name: string;
  /** The elements a base rule is for; none when it may match any. */
  tags: string[];
  families: Set<string>;
};

/** A utility's own class comes first in its selector, even inside :where() or :is(). */
function firstClass(selector: Selector): string | undefined {
  for (const component of selector) {
    if (component.type === "class") return component.name;
    if (component.type === "pseudo-class" && "selectors" in component) {
      for (const inner of (component.selectors ?? []) as Selector[]) {
        const name = firstClass(inner);
        if (name) return name;
      }
    }
  }
  return undefined;
}

const FIELDS = ["input", "select", "textarea"];

/** The elements `selector` may match; none when it may match any. */
function tagsOf(selector: Selector): string[] {
  const tags = selector.flatMap((component) => {
    if (component.type === "type") return [component.name];
    // Form fields' own parts: the placeholder, the date and number fields, the file button.
    if (component.type === "pseudo-element") {
      const name = "name" in component ? String(component.name) : component.kind;
      if (/placeholder|^-webkit-|file-selector-button/.test(name)) return FIELDS;
    }
    if (component.type === "pseudo-class" && "selectors" in component) {
      return ((component.selectors ?? []) as Selector[]).flatMap(tagsOf);
    }
    return [];
  });
  return tags;
}

/** `padding-top` and `padding` are one family; `inset` sets top, right, bottom and left. */
function family(declaration: Declaration): string[] {
  const name =
    declaration.property === "custom"
      ? declaration.value.name
      : declaration.property === "unparsed"
        ? declaration.value.propertyId.property
        : declaration.property;
  if (name.startsWith("--")) return [name];
  const root = name.replace(/^-(webkit|moz)-/, "").split("-")[0] ?? name;
  if (root === "inset") return ["inset", "top", "right", "bottom", "left"];
  if (root === "place") return ["place", "align", "justify"];
  return [root];
}

const layerOf = (name?: string[] | null) => {
  const joined = name?.join(".");
  return joined === "base" || joined === "utilities" ? joined : undefined;
};
/** Where a rule starts in the stylesheet: what names it from one pass over it to the next. */
const at = ({ loc }: { loc: { line: number; column: number } }) => `${loc.line}:${loc.column}`;

/** The base and utilities layers' style rules, in stylesheet order, by where each starts. */
function styledRules(css: string): Map<string, Styled> {
  const rules = new Map<string, Styled>();
  const walk = (layer: Styled["layer"], list: Rule[]) => {
    for (const rule of list) {
      if (rule.type === "media" || rule.type === "supports") walk(layer, rule.value.rules);
      if (rule.type !== "style") continue;
      const { selectors, declarations: block } = rule.value;
      const declarations = [
        ...(block?.declarations ?? []),
        ...(block?.importantDeclarations ?? []),
      ];
      const tags = selectors.map(tagsOf);
      rules.set(at(rule.value), {
        layer,
        name: selectors.map(firstClass).find(Boolean) ?? "",
        tags: tags.some((list) => list.length === 0) ? [] : tags.flat(),
        families: new Set(declarations.flatMap(family)),
      });
    }
  };
  transform({
    filename: "page.css",
    code: Buffer.from(css),
    visitor: {
      Rule: {
        "layer-block": (rule) => {
          const layer = layerOf(rule.value.name);
          if (layer) walk(layer, rule.value.rules);
        },
      },
    },
  });
  return rules;
}

/**
 * The stylesheet with only the style rules `keep` names; `deferredOnly` drops every rule outside
 * the base and utilities layers too (the other layers, @property, @keyframes).
 */
function keepRules(css: string, keep: (at: string) => boolean, deferredOnly = false): string {
  const drop = deferredOnly ? () => [] : () => undefined;
  const keepsAny = (rules: Rule[]): boolean =>
    rules.some((rule) =>
      rule.type === "style"
        ? keep(at(rule.value))
        : rule.type === "media" || rule.type === "supports"
          ? keepsAny(rule.value.rules)
          : true,
    );
  const { code } = transform({
    filename: "page.css",
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style: (rule) => (keep(at(rule.value)) ? undefined : []),
        media: (rule) => (keepsAny(rule.value.rules) ? undefined : []),
        supports: (rule) => (keepsAny(rule.value.rules) ? undefined : []),
        "layer-block": (rule) =>
          layerOf(rule.value.name) && keepsAny(rule.value.rules) ? undefined : drop(),
        "layer-statement": drop,
        property: drop,
        keyframes: drop,
      },
    },
  });
  return code.toString();
}

/**
 * Splits `css` for a page whose markup above the first screen's end is `above`, and whose
 * elements after it (or rendered by its scripts) have the class lists `below`. The layers,
 * the theme and everything the markup above may use stay `critical`.
 */
export function splitStylesheet(
  css: string,
  above: string,
  below: readonly string[][],
): { critical: string; deferred: string } {
  const byPlace = styledRules(css);
  const places = [...byPlace.keys()];
  const rules = [...byPlace.values()];
  const classesAbove = new Set(classLists(above).flat());
  const tagsAbove = tagNames(above);
  const deferred = rules.map((rule) =>
    rule.layer === "utilities"
      ? rule.name !== "" && !classesAbove.has(rule.name)
      : rule.tags.length > 0 && !rule.tags.some((tag) => tagsAbove.has(tag)),
  );
  const overlaps = (a: Styled, b: Styled) =>
    a.layer === b.layer && [...a.families].some((name) => b.families.has(name));
  const indexesOf = new Map<string, number[]>();
  rules.forEach(({ name }, index) => indexesOf.set(name, [...(indexesOf.get(name) ?? []), index]));
  /** Whether an inline rule after rule `early`, on an element both may style, overrides it. */
  const overridden = (early: number, candidates: number[]) =>
    candidates.some((late) => {
      const [a, b] = [rules[early], rules[late]];
      return late > early && !deferred[late] && !!a && !!b && overlaps(a, b);
    });
  const baseIndexes = rules.flatMap((rule, index) => (rule.layer === "base" ? [index] : []));
  // Until nothing moves: a deferred rule an inline one overrides stays inline, which may in turn
  // pin another.
  for (let moved = true; moved;) {
    moved = false;
    const pin = (index: number) => {
      deferred[index] = false;
      moved = true;
    };
    for (const list of below) {
      const indexes = list.flatMap((name) => indexesOf.get(name) ?? []).sort((a, b) => a - b);
      for (const early of indexes) if (deferred[early] && overridden(early, indexes)) pin(early);
    }
    for (const early of baseIndexes) {
      const tags = rules[early]?.tags ?? [];
      const sameElements = baseIndexes.filter((late) => {
        const lateTags = rules[late]?.tags ?? [];
        return lateTags.length === 0 || lateTags.some((tag) => tags.includes(tag));
      });
      if (deferred[early] && overridden(early, sameElements)) pin(early);
    }
  }
  const deferredAt = new Set(places.filter((_, index) => deferred[index]));
  return {
    critical: keepRules(css, (place) => !deferredAt.has(place)),
    // Only its own rules: the layers are declared, in their order, by the inline stylesheet.
    deferred: keepRules(css, (place) => deferredAt.has(place), true),
  };
}
