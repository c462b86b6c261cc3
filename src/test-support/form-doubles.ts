// The browser's form and storage as the registration code reads them, for unit tests in Node
// (which has neither a DOM nor localStorage). Imported by tests only.
import { HONEYPOT_NAME } from "../registration/registration-data.ts";

/** A form's fields as FormData reads them, and the attributes the page sets on the form. */
export class FakeForm {
  readonly attributes = new Map<string, string>();
  constructor(
    public fields: Record<string, string>,
    attributes: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
  }
  getAttribute = (name: string) => this.attributes.get(name) ?? null;
  setAttribute = (name: string, value: string) => void this.attributes.set(name, value);
  removeAttribute = (name: string) => void this.attributes.delete(name);
  hasAttribute = (name: string) => this.attributes.has(name);
}

/** Stands in for the global FormData (vi.stubGlobal), over a FakeForm. */
export class FakeFormData {
  private readonly fields: Map<string, string>;
  constructor(form: FakeForm) {
    this.fields = new Map(Object.entries(form.fields));
  }
  get = (name: string) => this.fields.get(name) ?? null;
  has = (name: string) => this.fields.has(name);
}

export const asForm = (form: FakeForm) => form as unknown as HTMLFormElement;

export const ADA = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+1 555 0100",
};

/** The registration form with consent given and the honeypot empty. */
export const filledForm = (
  fields: Record<string, string> = ADA,
  attributes?: Record<string, string>,
) => new FakeForm({ ...fields, consent: "on", [HONEYPOT_NAME]: "" }, attributes);

/** localStorage's part the ledger uses, in memory. */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  key = (index: number) => [...this.items.keys()][index] ?? null;
  get length() {
    return this.items.size;
  }
}
