// What the visitor types into the form (SPEC.md §3).
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
