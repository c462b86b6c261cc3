import { footer } from "../content/contact.ts";
import { site } from "../content/site.ts";
import { Island } from "../ui/island.tsx";
import { CopyrightYear } from "./copyright-year.tsx";
import { EmailAddress } from "../ui/email-address.tsx";
import { Icon } from "../ui/icons.tsx";

// min-h-6: every text link is a 24 px target (WCAG 2.5.8) even in the small footer type.
const linkClass =
  "inline-flex min-h-6 items-center rounded-sm underline-offset-4 hover:text-white hover:underline";
const headingClass = "text-base font-semibold text-white";

export function SiteFooter() {
  return (
    <footer className="bg-brand-strong text-white/80">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:grid-cols-2 lg:grid-cols-[1.25fr_1.15fr_1.2fr_0.6fr] lg:py-16">
        <div>
          <h2 className="text-lg font-bold text-white">{site.brand}</h2>
          <p className="mt-3 max-w-sm text-sm">{site.about}</p>
        </div>
        <div>
          <h2 className={headingClass}>{footer.contactTitle}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {site.phones.map((phone) => (
              <li key={phone.tel}>
                <a href={`tel:${phone.tel}`} className={linkClass}>
                  {phone.display}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${site.email}`} className={linkClass}>
                <EmailAddress email={site.email} />
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={headingClass}>{footer.followTitle}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {site.social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={link.label}
                  title={link.label}
                  className="inline-flex size-10 items-center justify-center rounded-lg bg-white/10 text-white hover:bg-white/20"
                >
                  <Icon name={link.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={headingClass}>{footer.legalTitle}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {site.legal.map((link) => (
              <li key={link.label}>
                <a href={link.href} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-6 text-sm">
          {/* Whole strings, so the page carries no separators between pieces of one text. */}
          {"© "}
          <Island name="year" as="span">
            <CopyrightYear />
          </Island>
          {` ${site.brand}. ${footer.rights}`}
        </p>
      </div>
    </footer>
  );
}
