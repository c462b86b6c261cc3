// Pure: the time and every word come in as arguments, so tests pin the exact text.
import type { programText } from "../content/program.ts";
import type { RegistrationEmailCopy } from "../content/registration-emails.ts";
import type { Phone } from "../content/types.ts";
import { cleanSourceValue, UTM_PARAMETERS, type VisitSource } from "../lib/visit-source.ts";
import type { TemplateParams } from "./email-wire.ts";
import type { RegistrationData } from "./registration-data.ts";

export type EmailContent = {
  program: { name: string } & Record<keyof typeof programText, string>;
  site: { email: string; phones: readonly Phone[] };
  copy: RegistrationEmailCopy;
  adminEmail: string;
};

const date = { year: "numeric", month: "long", day: "numeric" } as const;
const time = { hour: "numeric", minute: "2-digit", hour12: true, timeZoneName: "short" } as const;
/** Building a format is the costly part (the zone's rules load): once per zone, for the page. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** "June 5, 2025, 2:30 PM EDT" on any machine: the zone is explicit, the parts joined here. */
export function formatRegistrationTime(at: Date, timeZone: string): string {
  const format =
    formats.get(timeZone) ?? new Intl.DateTimeFormat("en-US", { timeZone, ...date, ...time });
  formats.set(timeZone, format);
  const p = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

const fullName = (form: RegistrationData) => `${form.firstName.trim()} ${form.lastName.trim()}`;
const numbered = (items: readonly string[]) => items.map((item, i) => `${i + 1}. ${item}`);
/** Blocks of lines, a blank line between blocks. */
const paragraphs = (...blocks: string[][]) => blocks.map((lines) => lines.join("\n")).join("\n\n");

function details(form: RegistrationData, content: EmailContent, at: Date, reference?: string) {
  const { labels, timeZone } = content.copy;
  const { program } = content;
  return [
    `${labels.name}: ${fullName(form)}`,
    `${labels.email}: ${form.email.trim()}`,
    `${labels.phone}: ${form.phone.trim()}`,
    `${labels.registered}: ${formatRegistrationTime(at, timeZone)}`,
    ...(reference ? [`${labels.reference}: ${reference}`] : []),
    `${labels.program}: ${program.name} (${program.length} / ${program.lengthWeeks})`,
    `${labels.nextClass}: ${program.nextClassStart}`,
  ];
}

export type AdminEmailExtras = {
  source?: VisitSource;
  honeypot?: string;
  reference?: string;
  /** An admin email of other details went under this reference: this one replaces it. */
  corrects?: boolean;
};

export function buildAdminEmail(
  form: RegistrationData,
  content: EmailContent,
  at: Date,
  { source = {}, honeypot = "", reference, corrects }: AdminEmailExtras = {},
): TemplateParams {
  const copy = content.copy.admin;
  const visit = UTM_PARAMETERS.filter((key) => source[key]).map((key) => `${key}: ${source[key]}`);
  if (source.referrer) visit.push(`${copy.referrerLabel}: ${source.referrer}`);
  const hidden = honeypot && `${copy.spamCheckValue}: ${cleanSourceValue(honeypot)}`;
  const message = paragraphs(
    [copy.intro],
    ...(corrects ? [[copy.correctionNote]] : []),
    [copy.studentHeading, ...details(form, content, at, reference)],
    [copy.followUpHeading, ...numbered(copy.followUp)],
    [copy.consentNote],
    [copy.sourceHeading, ...(visit.length ? visit : [copy.directVisit])],
    ...(hidden ? [[copy.spamCheckHeading, copy.spamCheckNote, hidden]] : []),
  );
  return {
    to_email: content.adminEmail,
    subject: copy.subject,
    from_name: fullName(form),
    from_email: form.email.trim(),
    phone: form.phone.trim(),
    message,
  };
}

export function buildStudentEmail(
  form: RegistrationData,
  content: EmailContent,
  at: Date,
  reference?: string,
): TemplateParams {
  const copy = content.copy.student;
  const { phones, email } = content.site;
  const message = paragraphs(
    [`${copy.greeting} ${form.firstName.trim()},`],
    [copy.intro],
    [copy.detailsHeading, ...details(form, content, at, reference)],
    [copy.nextStepsHeading, ...numbered(copy.nextSteps)],
    [
      copy.contactHeading,
      ...phones.map((phone) => `${phone.label}: ${phone.display}`),
      `${content.copy.labels.email}: ${email}`,
    ],
    [copy.signOff],
  );
  return { to_email: form.email.trim(), to_name: fullName(form), subject: copy.subject, message };
}
