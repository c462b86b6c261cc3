import { registrationForm } from "../content/registration.ts";
import { site } from "../content/site.ts";
import { RegistrationForm } from "./registration-form.tsx";

export function RegistrationPanel() {
  return (
    <>
      <RegistrationForm />
      <noscript>
        <div className="mt-6 rounded-lg border border-line bg-surface-alt p-4 text-sm">
          <p className="font-semibold">{registrationForm.noScript.title}</p>
          <p className="mt-1">{registrationForm.noScript.text}</p>
          <ul className="mt-2 space-y-1">
            {site.phones.map((phone) => (
              <li key={phone.tel}>
                {`${phone.label}: `}
                <a className="font-semibold text-brand underline" href={`tel:${phone.tel}`}>
                  {phone.display}
                </a>
              </li>
            ))}
            <li>
              <a className="font-semibold text-brand underline" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </li>
          </ul>
        </div>
      </noscript>
    </>
  );
}
