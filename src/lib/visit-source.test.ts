import { describe, expect, it } from "vitest";
import {
  captureVisitSource,
  cleanSourceValue,
  parseVisitSource,
  readVisitSource,
  SOURCE_VALUE_MAX,
  VISIT_SOURCE_KEY,
} from "./visit-source.ts";

const site = "https://bootcamp.example.com/";

/** A Storage stand-in; `failing` throws as a browser with storage disabled does. */
function memoryStorage(initial: Record<string, string> = {}, failing = false): Storage {
  const items = new Map(Object.entries(initial));
  const check = () => {
    if (failing) throw new DOMException("The operation is insecure.", "SecurityError");
  };
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => (check(), items.get(key) ?? null),
    setItem: (key, value) => (check(), void items.set(key, value)),
    removeItem: (key) => void items.delete(key),
  };
}

describe("parseVisitSource", () => {
  it("keeps the five UTM parameters and the referring site's host", () => {
    const url = `${site}?utm_source=newsletter&utm_medium=email&utm_campaign=june+launch&utm_term=sql&utm_content=hero&gclid=x`;
    expect(parseVisitSource(url, "https://news.example.org/2025/06/article?id=3")).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "june launch",
      utm_term: "sql",
      utm_content: "hero",
      referrer: "news.example.org",
    });
  });

  it("is empty for a direct visit, an empty parameter and the site's own pages", () => {
    expect(parseVisitSource(site, "")).toEqual({});
    expect(parseVisitSource(`${site}?utm_source=`, `${site}#curriculum`)).toEqual({});
    expect(parseVisitSource(site, "not a url")).toEqual({});
  });

  it("keeps markup as literal text", () => {
    const url = `${site}?utm_source=${encodeURIComponent('<img src=x onerror="alert(1)">')}`;
    expect(parseVisitSource(url, "").utm_source).toBe('<img src=x onerror="alert(1)">');
  });
});

describe("cleanSourceValue", () => {
  it("caps very long values at 100 characters and marks the cut", () => {
    const cleaned = cleanSourceValue("a".repeat(5000));
    expect(cleaned).toBe(`${"a".repeat(SOURCE_VALUE_MAX)}…`);
  });

  it("never splits an emoji and keeps emoji sequences under the cap whole", () => {
    expect(cleanSourceValue("🎓".repeat(150))).toBe(`${"🎓".repeat(SOURCE_VALUE_MAX)}…`);
    expect(cleanSourceValue("launch 👩‍💻 🇺🇸")).toBe("launch 👩‍💻 🇺🇸");
  });

  it("keeps right-to-left text but drops direction overrides that make text read backwards", () => {
    expect(cleanSourceValue("קמפיין קיץ")).toBe("קמפיין קיץ");
    expect(cleanSourceValue("حملة")).toBe("حملة");
    expect(cleanSourceValue("evil\u202Egnp.exe\u2066x\u2069")).toBe("evil gnp.exe x");
  });

  it("makes line breaks and control characters spaces, so a value cannot fake email lines", () => {
    expect(cleanSourceValue("ads\r\nName: Mallory\u2028Phone:\u0000 1\t2")).toBe(
      "ads Name: Mallory Phone: 1 2",
    );
  });
});

describe("captureVisitSource and readVisitSource", () => {
  const campaign = `${site}?utm_source=ads%0Ax&utm_medium=email#registration`;

  it("keep a campaign landing for the tab, read back parsed and cleaned", () => {
    const storage = memoryStorage();
    captureVisitSource(campaign, "", storage);
    expect(readVisitSource(storage)).toEqual({ utm_source: "ads x", utm_medium: "email" });
  });

  it("keep another site's link by its host, not the site's own pages", () => {
    const storage = memoryStorage();
    captureVisitSource(site, `${site}#curriculum`, storage);
    expect(readVisitSource(storage)).toEqual({});
    captureVisitSource(site, "https://news.example.org/a?b=c", storage);
    expect(readVisitSource(storage)).toEqual({ referrer: "news.example.org" });
  });

  it("keep the tab's landing through a reload, a bare visit or an empty parameter", () => {
    const storage = memoryStorage();
    captureVisitSource(campaign, "", storage);
    captureVisitSource(site, "", storage);
    captureVisitSource(`${site}?utm_source=&x=1`, "", storage);
    captureVisitSource(site, site, storage);
    expect(readVisitSource(storage)).toEqual({ utm_source: "ads x", utm_medium: "email" });
  });

  it("a later campaign landing replaces the earlier one", () => {
    const storage = memoryStorage();
    captureVisitSource(campaign, "", storage);
    captureVisitSource(`${site}?utm_campaign=june`, "", storage);
    expect(readVisitSource(storage)).toEqual({ utm_campaign: "june" });
  });

  it("read only the known fields of what the visitor may have edited", () => {
    const edited = JSON.stringify({ href: `${site}?utm_term=a%0Db&other=y`, referrer: "" });
    expect(readVisitSource(memoryStorage({ [VISIT_SOURCE_KEY]: edited }))).toEqual({
      utm_term: "a b",
    });
  });

  it("are a direct visit when nothing, garbage or no storage is there", () => {
    expect(readVisitSource(memoryStorage())).toEqual({});
    expect(readVisitSource(memoryStorage({ [VISIT_SOURCE_KEY]: "{oops" }))).toEqual({});
    expect(readVisitSource(memoryStorage({ [VISIT_SOURCE_KEY]: "null" }))).toEqual({});
    expect(
      readVisitSource(memoryStorage({ [VISIT_SOURCE_KEY]: '{"href":"nonsense","referrer":""}' })),
    ).toEqual({});
    expect(readVisitSource(memoryStorage({}, true))).toEqual({});
    expect(readVisitSource(undefined)).toEqual({});
    expect(() => captureVisitSource(campaign, "", memoryStorage({}, true))).not.toThrow();
  });
});
