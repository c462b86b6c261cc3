// Turns the send flow's result into UI: toasts, the success banner, reset or kept values.
import { useEffect, useRef, useState } from "react";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy, registrationToasts } from "../content/registration.ts";
import { site } from "../content/site.ts";
import { toast, toastStore } from "../ui/toast-store.ts";
import { emailConfig } from "./email-config.ts";
import { createEmailTransport, loadEmailClient } from "./email-transport.ts";
import { emptyRegistration, type RegistrationData } from "./registration-data.ts";
import { submitRegistration } from "./submit-registration.ts";

/** SPEC.md §9: the success banner hides itself after 5000 ms. */
export const SUCCESS_BANNER_MS = 5000;

const deps = {
  send: createEmailTransport(emailConfig),
  content: {
    program: { name: program.name, ...programText },
    site,
    copy: registrationEmailCopy,
    adminEmail: emailConfig.adminEmail,
  },
};

export function useRegistration() {
  const [values, setValues] = useState<RegistrationData>(emptyRegistration);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [sending, setSending] = useState(false);
  const [bannerVisible, setBannerVisible] = useState(false);
  // State updates land after a re-render; a double click or Enter arrives before that.
  const sendingRef = useRef(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const consentToast = useRef<string>(undefined);

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
    if (consentToast.current) toastStore.remove(consentToast.current);
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
    setSending(true);
    setBannerVisible(false);
    try {
      const result = await submitRegistration({ ...values, honeypot }, deps);
      if (result.ok) {
        setValues(emptyRegistration);
        setConsent(false);
        showBanner();
      } else {
        toast({ ...registrationToasts.registrationError, variant: "destructive" });
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
    return "done";
  };

  /** Starts fetching the email client on the visitor's first touch of the form. */
  const preload = () => void loadEmailClient(emailConfig).catch(() => {});

  return {
    values,
    consent,
    consentError,
    sending,
    bannerVisible,
    setField,
    setConsentChecked,
    submit,
    preload,
  };
}
