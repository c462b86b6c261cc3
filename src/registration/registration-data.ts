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
