// What the visitor types into the form (docs/contract.md, Names in the page).
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
