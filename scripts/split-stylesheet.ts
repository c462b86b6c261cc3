// The stylesheet in two: what the first screen's markup uses stays inline, so it paints from the
// page's first round trip; what only the rest of the page uses goes to a file linked where the
// first screen ends, which a browser fetches while it paints what is above it. That is the
// utilities no element above has, and the base rules of elements none above is (form fields,
// tables, code).
// Moving a rule later in its layer must not change which of two rules wins on any element: the
// file repeats, after it, every inline rule that may override it.
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
 * Splits `css` for a page whose markup above the first screen's end is `above`. The layers,
 * the theme and everything the markup above may use stay `critical`; `deferred` holds, in
 * their order, the rules nothing above uses and a copy of every inline rule after one of them
 * that may override it, so each element below, or rendered later by a script, is styled as
 * before.
 */
export function splitStylesheet(
  css: string,
  above: string,
): { critical: string; deferred: string } {
  const byPlace = styledRules(css);
  const places = [...byPlace.keys()];
  const rules = [...byPlace.values()];
  const classesAbove = new Set(classLists(above).flat());
  const tagsAbove = tagNames(above);
  const unusedAbove = rules.map((rule) =>
    rule.layer === "utilities"
      ? rule.name !== "" && !classesAbove.has(rule.name)
      : rule.tags.length > 0 && !rule.tags.some((tag) => tagsAbove.has(tag)),
  );
  // A rule of the same layer after a deferred one, setting a property of the same family,
  // may win over it on some element: it comes again after it, and so on.
  const deferred = [...unusedAbove];
  rules.forEach((rule, late) => {
    if (deferred[late]) return;
    deferred[late] = rules.some(
      (early, index) =>
        index < late &&
        deferred[index] &&
        early.layer === rule.layer &&
        [...early.families].some((name) => rule.families.has(name)),
    );
  });
  const inFile = new Set(places.filter((_, index) => deferred[index]));
  const moved = new Set(places.filter((_, index) => unusedAbove[index]));
  return {
    critical: keepRules(css, (place) => !moved.has(place)),
    // Only its own rules: the layers are declared, in their order, by the inline stylesheet.
    deferred: keepRules(css, (place) => inFile.has(place), true),
  };
}
