// The text a reader of a built page sees (and the form's placeholders): no tags, scripts or
// styles, entities decoded. Shared by the share image and the tests.
const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (entities[name] ?? entity),
  );
}

export function pageText(html: string): string {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  const placeholders = [...body.matchAll(/\splaceholder="([^"]*)"/g)].map(([, text]) => text);
  return decodeEntities([body.replace(/<[^>]+>/g, " "), ...placeholders].join(" "));
}
