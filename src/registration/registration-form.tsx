import { flushSync } from "react-dom";
import { Icon } from "../ui/icons.tsx";
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from "react";
import {
  keptRegistration,
  sendKeptLabel,
  registrationForm as copy,
  recaptchaNotice,
  successBanner,
} from "../content/registration.ts";
import { cn } from "../lib/cn.ts";
import { KEPT_OFFLINE, PENDING_SUBMIT } from "../lib/before-hydration.ts";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { HONEYPOT_NAME, readRegistrationForm, type RegistrationData } from "./registration-data.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { useRegistration, type ShowBanner } from "./use-registration.ts";

// Unset, the build leaves all of reCAPTCHA's code out of the page.
const recaptchaSiteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY;

const CONSENT_ERROR_ID = "registration-consent-error";

const fields = [
  { name: "firstName", type: "text" },
  { name: "lastName", type: "text" },
  { name: "email", type: "email" },
  { name: "phone", type: "tel" },
] as const satisfies readonly { name: keyof RegistrationData; type: string }[];

const fieldId = (name: keyof RegistrationData | "consent") => `registration-${name}`;

export function RegistrationForm() {
  const hydrated = useHydrated();
  const form = useRegistration();
  const { formRef, bannerRef } = form;
  const consentRef = useRef<HTMLInputElement>(null);

  const submit = (element: HTMLFormElement, pressedBefore = false) =>
    void form.submit(element, pressedBefore).then((outcome) => {
      if (outcome === "consent-required") consentRef.current?.focus();
    });

  // On taking over, in a layout effect, so the sending state passes from the first-paint script's
  // mark to the form's own with no frame in between.
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    // Touched before the island ran: React saw no event for it.
    const { values, consent } = readRegistrationForm(element);
    if (consent || Object.values(values).some(Boolean) || element.contains(document.activeElement))
      form.prepare();
    // The form's own status replaces the first-paint script's.
    element.removeAttribute(KEPT_OFFLINE);
    if (!element.hasAttribute(PENDING_SUBMIT)) return;
    // From now on the sender sends no press itself; this press takes up the one it sent.
    element.removeAttribute(PENDING_SUBMIT);
    submit(element, true);
    // Once; `submit` is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      ref={formRef}
      method="post"
      // The loader runs the islands when the form comes near the viewport.
      data-hydrate-near=""
      className="group mt-6"
      // Not on pointerdown: a swipe that starts over the form is reading, not registering.
      onFocus={form.prepare}
      onInput={form.prepare}
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      {/* Disabled in the prerendered HTML, so without JavaScript the visitor's details never end
          up in a URL or a request we don't handle. The first-paint script's element enables it
          as it is parsed (lib/before-hydration.ts), so React's hydration render, still disabled,
          is no mismatch. */}
      <fieldset disabled={!hydrated} suppressHydrationWarning className="grid gap-5 sm:grid-cols-2">
        <enables-its-fieldset hidden />
        <legend className="sr-only">{copy.legend}</legend>
        {fields.map(({ name, type }) => (
          <div
            key={name}
            className={cn(
              "grid gap-1.5",
              name !== "firstName" && name !== "lastName" && "sm:col-span-2",
            )}
          >
            <Label htmlFor={fieldId(name)}>{copy.fields[name].label}</Label>
            <Input
              id={fieldId(name)}
              name={name}
              type={type}
              autoComplete={copy.fields[name].autoComplete}
              required
            />
          </div>
        ))}
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
              id={fieldId("consent")}
              name="consent"
              className="mt-0.5"
              aria-invalid={form.consentError || undefined}
              aria-describedby={form.consentError ? CONSENT_ERROR_ID : undefined}
              onChange={(event) => event.target.checked && form.consentGiven()}
            />
            <Label
              htmlFor={fieldId("consent")}
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
          {/* Both labels are laid out in one cell and CSS shows one (`sending:`, styles.css), so
              the press changes what is painted, not the layout, and nothing below the button
              moves; where the sending label needs two lines, the button has room for them from the
              start. The press sets aria-busy on the form and aria-disabled, not disabled, on the
              button (use-registration.ts): the focus stays on it, so the press's paint has no
              focus to move, and a press again is refused by the form's own guard. */}
          <Button
            type="submit"
            size="lg"
            className={cn(
              "grid w-full *:[grid-area:1/1] sending:cursor-not-allowed sending:opacity-70",
              !hydrated && "disabled:opacity-100",
            )}
          >
            <span className="sending:invisible">{copy.submit}</span>
            <span className="invisible inline-flex items-center justify-center gap-2 sending:visible">
              <Icon name="loader" className="size-5 shrink-0 sending:animate-spin" />
              {form.verifying ? copy.verifying : copy.sending}
            </span>
          </Button>
          {recaptchaSiteKey ? <RecaptchaNotice /> : null}
          <SuccessBanner ref={bannerRef} />
          {/* Always in the page, so a screen reader announces the text when it comes: a polite
              live region without the banner's role, so the form has one status, the banner.
              Before the form's code ran, the first-paint script shows the kept press's words. */}
          <div aria-live="polite">
            {form.keptMessage && <p className="mt-3 text-sm">{form.keptMessage}</p>}
            {form.sendKept && (
              <Button type="button" variant="outline" className="mt-2" onClick={form.sendKept}>
                {sendKeptLabel}
              </Button>
            )}
            <p className="mt-3 hidden text-sm group-data-kept-offline:block">
              {keptRegistration.waiting}
            </p>
          </div>
        </div>
      </fieldset>
    </form>
  );
}

function RecaptchaNotice() {
  const { before, privacy, and, terms, after } = recaptchaNotice;
  const link = "font-semibold text-brand underline";
  return (
    <p className="mt-3 text-center text-sm text-muted">
      {`${before} `}
      <a className={link} href={privacy.href}>
        {privacy.label}
      </a>
      {` ${and} `}
      <a className={link} href={terms.href}>
        {terms.label}
      </a>
      {` ${after}`}
    </p>
  );
}

const SUCCESS_BANNER_MS = 5000;

/**
 * Its own state, so shown it renders alone and at once (never called from a render or an effect),
 * before the form's larger render of its status, a transition. The live region stays in the page
 * and only its content changes: it is announced.
 */
function SuccessBanner({ ref }: { ref: Ref<ShowBanner> }) {
  const [shown, setShown] = useState<{ studentEmailed: boolean }>();
  useImperativeHandle(
    ref,
    () => (next) => (next ? flushSync(() => setShown(next)) : setShown(next)),
    [],
  );
  useEffect(() => {
    const timer = shown && setTimeout(() => setShown(undefined), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div role="status" aria-live="polite">
      {shown && (
        <div className="mt-4 flex items-start gap-3 rounded-lg bg-success p-4 text-white">
          <Icon name="circle-check" className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="font-semibold">{successBanner.title}</p>
            <p className="mt-1 text-sm">
              {shown.studentEmailed ? successBanner.text : successBanner.textWithoutConfirmation}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
