export type RegistrationData = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

export const emptyRegistration: RegistrationData = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
};

/** The same person, however they retype it: trimmed names and phone, lower-cased email. */
export function registrationKey(form: RegistrationData): string {
  const { firstName, lastName, email, phone } = form;
  return JSON.stringify([
    firstName.trim(),
    lastName.trim(),
    email.trim().toLowerCase(),
    phone.trim(),
  ]);
}

/**
 * The honeypot's name, id and label match no autofill heuristic (no "name", "website", "url",
 * "company", "address" …), so browsers and password managers leave it empty for people.
 */
export const HONEYPOT_NAME = "hp_k7q";

/** What the form holds, read from the page (typed or autofilled before the form's code ran). */
export function readRegistrationForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: RegistrationData = {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
  };
  return { values, consent: data.has("consent"), honeypot: text(HONEYPOT_NAME) };
}
