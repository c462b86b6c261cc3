// Turns the send flow's result into UI: toasts, the success banner, reset or kept values.
import { useEffect, useRef, useState } from "react";
import { emailInstead, registrationLabels, registrationToasts } from "../content/registration.ts";
import { site } from "../content/site.ts";
import { toast, toastStore } from "../ui/toast-store.ts";
import { emailInsteadHref } from "./email-us-instead.ts";
import { loadedRegistrationSender, loadRegistrationSender } from "./load-registration-sender.ts";
import { emptyRegistration, type RegistrationData } from "./registration-data.ts";
import type { SubmitEvents, SubmitResult } from "./submit-registration.ts";

/** docs/spec-facts.md: the success banner hides itself after 5000 ms. */
export const SUCCESS_BANNER_MS = 5000;

/** Sends in the press's own task when the sender has run already; else loads it first. */
function loadAndSend(
  form: RegistrationData & { honeypot: string },
  events: SubmitEvents,
): Promise<SubmitResult> {
  const sender = loadedRegistrationSender();
  if (sender) return sender.sendRegistration(form, events);
  return loadRegistrationSender().then(
    (loaded) => loaded.sendRegistration(form, events),
    (error: unknown) => {
      console.error("Registration failed: the email client could not be loaded.", error);
      return { ok: false, step: "admin", error };
    },
  );
}

const removeToast = (id: string | undefined) => id && toastStore.remove(id);

/** The form as it starts: empty, or what the visitor typed before the island ran. */
export type InitialRegistration = () => { values: RegistrationData; consent: boolean };

const startEmpty: InitialRegistration = () => ({ values: emptyRegistration, consent: false });

export function useRegistration(initial: InitialRegistration = startEmpty) {
  const [values, setValues] = useState<RegistrationData>(() => initial().values);
  const [consent, setConsent] = useState(() => initial().consent);
  const [consentError, setConsentError] = useState(false);
  const [sending, setSending] = useState(false);
  // Google shows its challenge and a send waits for the visitor to solve it.
  const [verifying, setVerifying] = useState(false);
  const [bannerVisible, setBannerVisible] = useState(false);
  const [studentEmailed, setStudentEmailed] = useState(true);
  // State updates land after a re-render; a double click or Enter arrives before that.
  const sendingRef = useRef(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const consentToast = useRef<string>(undefined);
  const errorToast = useRef<string>(undefined);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  const showBanner = () => {
    clearTimeout(bannerTimer.current);
    setBannerVisible(true);
    bannerTimer.current = setTimeout(() => setBannerVisible(false), SUCCESS_BANNER_MS);
  };

  const setField = (name: keyof RegistrationData, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const setConsentChecked = (checked: boolean) => {
    setConsent(checked);
    if (!checked) return;
    setConsentError(false);
    // The problem it named is solved: a stale "Consent Required" must not sit over the success.
    removeToast(consentToast.current);
    consentToast.current = undefined;
  };

  /** Returns what happened, so the form can move focus where the visitor must act. */
  const submit = async (honeypot: string): Promise<"busy" | "consent-required" | "done"> => {
    if (sendingRef.current) return "busy";
    if (!consent) {
      setConsentError(true);
      consentToast.current = toast({
        ...registrationToasts.consentRequired,
        variant: "destructive",
      });
      return "consent-required";
    }
    sendingRef.current = true;
    // Before any state change: the first email leaves before React renders the sending state.
    const sent = loadAndSend({ ...values, honeypot }, { onChallenge: setVerifying });
    setSending(true);
    setBannerVisible(false);
    // An earlier failure is no longer news once the visitor tries again.
    removeToast(errorToast.current);
    try {
      const result = await sent;
      if (result.ok) {
        removeToast(errorToast.current);
        setValues(emptyRegistration);
        setConsent(false);
        setStudentEmailed(result.studentEmailed);
        showBanner();
      } else {
        const { name, email, phone } = registrationLabels;
        errorToast.current = toast({
          ...registrationToasts.registrationError,
          variant: "destructive",
          action: {
            label: emailInstead.label,
            altText: emailInstead.altText,
            href: emailInsteadHref(values, site.email, emailInstead, { name, email, phone }),
          },
        });
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
      setVerifying(false);
    }
    return "done";
  };

  /**
   * Runs the sender once the visitor has touched the form, so Register Now sends at once, and
   * asks for the first reCAPTCHA token when the site has a key.
   */
  const prepare = () =>
    void loadRegistrationSender().then(
      (sender) => sender.prepareRegistration(),
      () => {},
    );

  return {
    values,
    consent,
    consentError,
    sending,
    verifying,
    bannerVisible,
    studentEmailed,
    setField,
    setConsentChecked,
    submit,
    prepare,
  };
}
