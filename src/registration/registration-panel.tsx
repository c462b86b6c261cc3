// Placeholder until the registration issue lands: the form slot inside #registration.
export function RegistrationPanel() {
  return <div className="mt-6" data-registration-slot="" />;
}
