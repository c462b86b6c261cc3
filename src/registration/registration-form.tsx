import { LoaderCircle } from "lucide-react";
import { useRef } from "react";
import { registrationForm as copy } from "../content/registration.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import type { RegistrationData } from "./registration-data.ts";
import { SuccessBanner } from "./success-banner.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { useRegistration } from "./use-registration.ts";

/**
 * The honeypot's name, id and label match no autofill heuristic (no "name", "website", "url",
 * "company", "address" …), so browsers and password managers leave it empty for people.
 */
const HONEYPOT_NAME = "hp_k7q";
const CONSENT_ERROR_ID = "registration-consent-error";

const fields = [
  { name: "firstName", type: "text" },
  { name: "lastName", type: "text" },
  { name: "email", type: "email" },
  { name: "phone", type: "tel" },
] as const satisfies readonly { name: keyof RegistrationData; type: string }[];

export function RegistrationForm() {
  const hydrated = useHydrated();
  const form = useRegistration();
  const consentRef = useRef<HTMLInputElement>(null);

  return (
    <form
      method="post"
      className="mt-6"
      aria-busy={form.sending}
      onFocus={form.preload}
      onPointerDown={form.preload}
      onSubmit={(event) => {
        event.preventDefault();
        const honeypot = new FormData(event.currentTarget).get(HONEYPOT_NAME);
        void form.submit(typeof honeypot === "string" ? honeypot : "").then((outcome) => {
          if (outcome === "consent-required") consentRef.current?.focus();
        });
      }}
    >
      {/* Disabled until hydrated: before that (or with JavaScript off) nothing can be submitted,
          so the visitor's details never end up in a URL or a request we don't handle. */}
      <fieldset disabled={!hydrated} className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">{copy.legend}</legend>
        {fields.map(({ name, type }) => (
          <div
            key={name}
            className={cn(
              "grid gap-1.5",
              name !== "firstName" && name !== "lastName" && "sm:col-span-2",
            )}
          >
            <Label htmlFor={`registration-${name}`}>{copy.fields[name].label}</Label>
            <Input
              id={`registration-${name}`}
              name={name}
              type={type}
              autoComplete={copy.fields[name].autoComplete}
              required
              value={form.values[name]}
              onChange={(event) => form.setField(name, event.target.value)}
            />
          </div>
        ))}
        {/* Honeypot: off-screen, out of the tab order, hidden from assistive tech. */}
        <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
          <label htmlFor="registration-hp">{copy.honeypotLabel}</label>
          <input
            id="registration-hp"
            name={HONEYPOT_NAME}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <Checkbox
              ref={consentRef}
              id="registration-consent"
              name="consent"
              className="mt-0.5"
              checked={form.consent}
              aria-invalid={form.consentError || undefined}
              aria-describedby={form.consentError ? CONSENT_ERROR_ID : undefined}
              onChange={(event) => form.setConsentChecked(event.target.checked)}
            />
            <Label
              htmlFor="registration-consent"
              className={cn("cursor-pointer font-normal", form.consentError && "text-danger")}
            >
              {copy.consentLabel}
            </Label>
          </div>
          {form.consentError && (
            <p id={CONSENT_ERROR_ID} className="mt-2 ml-8 text-sm font-semibold text-danger">
              {copy.consentError}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <Button
            type="submit"
            size="lg"
            className={cn("w-full", !hydrated && "disabled:opacity-100")}
            disabled={form.sending}
          >
            {form.sending && (
              <LoaderCircle
                aria-hidden="true"
                className="size-5 animate-spin motion-reduce:animate-none"
              />
            )}
            {form.sending ? copy.sending : copy.submit}
          </Button>
          <SuccessBanner visible={form.bannerVisible} />
        </div>
      </fieldset>
    </form>
  );
}
