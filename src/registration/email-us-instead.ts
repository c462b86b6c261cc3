// A mailto: with the visitor's details written, so an outage of the email service costs no lead.
import type { emailInstead } from "../content/registration.ts";
import type { RegistrationData } from "./registration-data.ts";

type Copy = Pick<typeof emailInstead, "subject" | "intro">;
type Labels = { name: string; email: string; phone: string };

/** RFC 6068: encodeURIComponent writes a space as %20, never the "+" mail apps would show. */
export function emailInsteadHref(
  form: RegistrationData,
  to: string,
  copy: Copy,
  labels: Labels,
): string {
  const body = [
    copy.intro,
    "",
    `${labels.name}: ${form.firstName.trim()} ${form.lastName.trim()}`,
    `${labels.email}: ${form.email.trim()}`,
    `${labels.phone}: ${form.phone.trim()}`,
  ].join("\r\n");
  return `mailto:${to}?subject=${encodeURIComponent(copy.subject)}&body=${encodeURIComponent(body)}`;
}
