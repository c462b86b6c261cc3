// What the form, the first-paint script and the sender share: small, so the form's code takes
// nothing else of the ledger.

/** The ledger's key in localStorage (ledger.ts); src/loader.ts spells it out. */
export const LEDGER_KEY = "kept-registrations";
/** Each press is kept under a key of its own, so two tabs' presses never overwrite each other. */
export const PRESS_PREFIX = `${LEDGER_KEY}:`;

export type RegistrationData = Record<"firstName" | "lastName" | "email" | "phone", string>;

/**
 * The honeypot's name, id and label match no autofill heuristic (no "name", "website", "url",
 * "company", "address" …), so browsers and password managers leave it empty for people.
 */
export const HONEYPOT_NAME = "hp_k7q";

/** What the form holds, typed, pasted or autofilled, before its code ran or after. */
export function readRegistrationForm(form: HTMLFormElement) {
  const data = new FormData(form);
  // The form has no file input: every value is text.
  const text = (name: string) => String(data.get(name) ?? "");
  const values: RegistrationData = {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
  };
  return { values, consent: data.has("consent"), honeypot: text(HONEYPOT_NAME) };
}

/** Whether anything, or the press of `reference`, waits: a quick look, before any code loads. */
export function isKept(reference?: string | null): boolean {
  type Kept = { reference?: unknown; aliases?: unknown[] };
  try {
    const read = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? "{}");
    const { leads = [] } = read(LEDGER_KEY) as { leads?: Kept[] };
    const presses = Object.keys(localStorage)
      .filter((key) => key.startsWith(PRESS_PREFIX))
      .map((key) => read(key) as Kept);
    return [...leads, ...presses].some(
      (kept) =>
        reference === undefined ||
        kept.reference === reference ||
        (kept.aliases ?? []).includes(reference),
    );
  } catch {
    return false;
  }
}
