// The "Email us instead" link of the Registration Error toast: a mailto: with the visitor's
// details already written, so an outage of the email service does not cost the lead.
import type { emailInstead } from "../content/registration.ts";
import type { RegistrationData } from "./registration-data.ts";

type Copy = Pick<typeof emailInstead, "subject" | "intro">;
type Labels = { name: string; email: string; phone: string };

/**
 * RFC 6068: every reserved character percent-encoded (encodeURIComponent writes a space as
 * %20, never "+", which mail apps would show), line breaks as %0D%0A.
 */
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
