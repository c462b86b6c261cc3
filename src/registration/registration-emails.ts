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

/** Building a format is the dear part (the zone's rules load): once per zone, for the page's life. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone is explicit, so the text doesn't depend on the machine. */
export function formatRegistrationTime(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")} ${part("day")}, ${part("year")}, ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`;
}

function fullName(form: RegistrationData): string {
  return `${form.firstName.trim()} ${form.lastName.trim()}`;
}

function detailLines(
  form: RegistrationData,
  content: EmailContent,
  at: Date,
  reference?: string,
): string[] {
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

const numbered = (items: readonly string[]) => items.map((item, i) => `${i + 1}. ${item}`);

export type AdminEmailExtras = { source?: VisitSource; honeypot?: string; reference?: string };

function sourceLines({ source = {}, honeypot = "" }: AdminEmailExtras, content: EmailContent) {
  const copy = content.copy.admin;
  const lines = UTM_PARAMETERS.flatMap((name) =>
    source[name] ? [`${name}: ${source[name]}`] : [],
  );
  if (source.referrer) lines.push(`${copy.referrerLabel}: ${source.referrer}`);
  const block = ["", copy.sourceHeading, ...(lines.length ? lines : [copy.directVisit])];
  if (!honeypot) return block;
  const value = cleanSourceValue(honeypot);
  return [
    ...block,
    "",
    copy.spamCheckHeading,
    copy.spamCheckNote,
    `${copy.spamCheckValue}: ${value}`,
  ];
}

export function buildAdminEmail(
  form: RegistrationData,
  content: EmailContent,
  at: Date,
  extras: AdminEmailExtras = {},
): TemplateParams {
  const copy = content.copy.admin;
  const message = [
    copy.intro,
    "",
    copy.studentHeading,
    ...detailLines(form, content, at, extras.reference),
    "",
    copy.followUpHeading,
    ...numbered(copy.followUp),
    "",
    copy.consentNote,
    ...sourceLines(extras, content),
  ].join("\n");
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
  const message = [
    `${copy.greeting} ${form.firstName.trim()},`,
    "",
    copy.intro,
    "",
    copy.detailsHeading,
    ...detailLines(form, content, at, reference),
    "",
    copy.nextStepsHeading,
    ...numbered(copy.nextSteps),
    "",
    copy.contactHeading,
    ...content.site.phones.map((phone) => `${phone.label}: ${phone.display}`),
    `${content.copy.labels.email}: ${content.site.email}`,
    "",
    copy.signOff,
  ].join("\n");
  return {
    to_email: form.email.trim(),
    to_name: fullName(form),
    subject: copy.subject,
    message,
  };
}
