import { Icon } from "../ui/icons.tsx";
import { contactSection } from "../content/contact.ts";
import { sectionIds } from "../content/sections.ts";
import { site } from "../content/site.ts";
import { Card } from "../ui/card.tsx";
import { EmailAddress } from "../ui/email-address.tsx";
import { Section } from "../ui/section.tsx";

export function ContactSection() {
  return (
    <Section
      id={sectionIds.contact}
      headingId="contact-title"
      title={contactSection.title}
      intro={contactSection.intro}
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <Icon name="phone" className="size-5 text-teal" />
            {contactSection.phonesLabel}
          </h3>
          <ul className="mt-3 space-y-2">
            {site.phones.map((phone) => (
              <li key={phone.tel}>
                <a
                  href={`tel:${phone.tel}`}
                  className="-mx-2 block rounded-md px-2 py-1.5 text-lg font-semibold text-brand hover:bg-surface-alt"
                >
                  {phone.display}
                  <span className="block text-sm font-normal text-muted">{phone.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <Icon name="mail" className="size-5 text-teal" />
            {contactSection.emailLabel}
          </h3>
          <a
            href={`mailto:${site.email}`}
            className="-mx-2 mt-3 block rounded-md px-2 py-1.5 text-lg font-semibold [overflow-wrap:anywhere] text-brand hover:bg-surface-alt"
          >
            <EmailAddress email={site.email} />
          </a>
        </Card>
        <Card className="sm:col-span-2 lg:col-span-1">
          <h3 className="flex items-center gap-2 text-lg font-semibold">
            <Icon name="clock" className="size-5 text-teal" />
            {`${contactSection.hoursLabel} (${site.officeHoursZone})`}
          </h3>
          <table className="mt-3 w-full text-left sm:max-w-sm lg:max-w-none">
            <caption className="sr-only">
              {`${contactSection.hoursCaption} (${site.officeHoursZone})`}
            </caption>
            <tbody>
              {site.officeHours.map((row) => (
                <tr key={row.days} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium whitespace-nowrap">
                    {row.days}
                  </th>
                  <td className="py-2 whitespace-nowrap text-muted">{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </Section>
  );
}
