import { startTransition, useEffect, useRef, useState } from "react";
import {
  emailInstead,
  keptRegistration,
  registrationLabels,
  registrationToasts,
} from "../content/registration.ts";
import { site } from "../content/site.ts";
import { toast, toastStore } from "../ui/toast-store.ts";
import { emailInsteadHref } from "./email-us-instead.ts";
import { hasKeptLeads, keepLead, newLead, type KeptLead } from "./keep-lead.ts";
import { loadedRegistrationSender, loadRegistrationSender } from "./load-registration-sender.ts";
import { emptyRegistration, registrationKey, type RegistrationData } from "./registration-data.ts";
import type { Sent } from "./send-lead.ts";
import { createBannerStore } from "./success-banner.tsx";
import type { SubmitEvents, SubmitResult } from "./registration-flow.ts";

export const SUCCESS_BANNER_MS = 5000;

/** Kept on the device first, so no failure below can lose the lead. */
async function keepAndRegister(lead: KeptLead, events: SubmitEvents): Promise<Sent> {
  const kept = keepLead(lead);
  const loaded = loadedRegistrationSender();
  if (loaded) return loaded.registerNow(lead, kept, events);
  let sender: Awaited<ReturnType<typeof loadRegistrationSender>>;
  try {
    sender = await loadRegistrationSender();
  } catch (error) {
    console.error("Registration failed: the email client could not be loaded.", error);
    return { result: { ok: false, step: "admin", error, retryable: true }, waiting: kept };
  }
  return sender.registerNow(lead, kept, events);
}

const WAKE_EVENTS = ["online", "pageshow", "visibilitychange"];

/** In the visitor's own time zone. */
const dayOf = (at: number) =>
  new Date(at).toLocaleDateString("en-US", { month: "long", day: "numeric" });

const removeToast = (id: string | undefined) => id && toastStore.remove(id);

/** The form as it starts: empty, or what the visitor typed before the island ran. */
export type InitialRegistration = () => { values: RegistrationData; consent: boolean };

const startEmpty: InitialRegistration = () => ({ values: emptyRegistration, consent: false });

export function useRegistration(initial: InitialRegistration = startEmpty) {
  const [values, setValues] = useState<RegistrationData>(() => initial().values);
  const [consent, setConsent] = useState(() => initial().consent);
  const [consentError, setConsentError] = useState(false);
  const [sending, setSending] = useState(false);
  // A send waits for the visitor to solve Google's challenge.
  const [verifying, setVerifying] = useState(false);
  const [banner] = useState(createBannerStore);
  // State updates land after a re-render; a double click or Enter arrives before that.
  const sendingRef = useRef(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const consentToast = useRef<string>(undefined);
  const errorToast = useRef<string>(undefined);
  const [waiting, setWaiting] = useState(false);
  /** What the form says of a lead of an earlier visit that the page has now sent. */
  const [sentLater, setSentLater] = useState<string>();
  /** This page's unfinished registration: pressed again with the same details, it continues. */
  const pageLead = useRef<KeptLead>(undefined);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  const showBanner = (studentEmailed: boolean) => {
    clearTimeout(bannerTimer.current);
    banner.show(studentEmailed);
    bannerTimer.current = setTimeout(banner.hide, SUCCESS_BANNER_MS);
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

  const showError = (form: RegistrationData) => {
    const { name, email, phone } = registrationLabels;
    errorToast.current = toast({
      ...registrationToasts.registrationError,
      variant: "destructive",
      action: {
        label: emailInstead.label,
        altText: emailInstead.altText,
        href: emailInsteadHref(form, site.email, emailInstead, { name, email, phone }),
      },
    });
  };

  const registered = (result: { studentEmailed: boolean }) => {
    pageLead.current = undefined;
    removeToast(errorToast.current);
    showBanner(result.studentEmailed);
    startTransition(() => {
      setValues(emptyRegistration);
      setConsent(false);
    });
  };

  /** What the page sent by itself: its own registration, or one of an earlier visit. */
  const sentByPage = (lead: KeptLead, result: SubmitResult) => {
    if (result.ok) {
      if (lead.reference === pageLead.current?.reference) registered(result);
      else setSentLater(keptRegistration.sentLater(dayOf(lead.at)));
    } else if (!result.retryable) showError(lead.form);
  };

  // Events only: a failing service is not polled. A hidden tab leaves it to the visible one.
  useEffect(() => {
    const wake = () => {
      if (document.visibilityState !== "visible" || !navigator.onLine || !hasKeptLeads()) return;
      void loadRegistrationSender().then(
        async (sender) => {
          await sender.resendKeptLeads(sentByPage, () => pageLead.current);
          setWaiting(sender.leadsWaiting());
        },
        // Still out of reach: the next event tries again.
        () => {},
      );
    };
    wake();
    // `visibilitychange` bubbles from the document to the window.
    for (const type of WAKE_EVENTS) addEventListener(type, wake);
    return () => {
      for (const type of WAKE_EVENTS) removeEventListener(type, wake);
    };
    // Once: what it calls reads refs and sets state, the same in every render.
  }, []);

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
    const earlier = pageLead.current;
    // The same details again continue the unfinished registration: same reference, same time.
    const lead =
      earlier && registrationKey(earlier.form) === registrationKey(values)
        ? { ...earlier, form: values, honeypot }
        : newLead(values, honeypot);
    pageLead.current = lead;
    // Before any state change, so the send is not queued behind React's render of it.
    const sent = keepAndRegister(lead, { onChallenge: setVerifying });
    banner.hide();
    startTransition(() => {
      setSending(true);
      setSentLater(undefined);
    });
    // An earlier failure is no longer news once the visitor tries again.
    removeToast(errorToast.current);
    await finish(sent, values);
    return "done";
  };

  const finish = async (sent: Promise<Sent>, form: RegistrationData) => {
    try {
      const { result, waiting } = await sent;
      setWaiting(waiting);
      if (result.ok) registered(result);
      else showError(form);
    } finally {
      sendingRef.current = false;
      setSending(false);
      setVerifying(false);
    }
  };

  /**
   * Register Now pressed before the form ran: the sender may have sent it as it loaded
   * (registration-sender.ts), and then the form shows how it ends; if not, it is sent now.
   */
  const submitPending = async (honeypot: string): ReturnType<typeof submit> => {
    // Taken now: a press while the sender loads is the same registration. Called from a layout
    // effect, the sending state renders before the next paint, as the first-paint script's did.
    sendingRef.current = true;
    setSending(true);
    const early = await loadRegistrationSender().then(
      (sender) => sender.takeEarlyRegistration(),
      () => undefined,
    );
    if (early) {
      pageLead.current = early.lead;
      early.events.onChallenge = setVerifying;
      await finish(early.sent, early.lead.form);
      return "done";
    }
    sendingRef.current = false;
    const outcome = await submit(honeypot);
    if (outcome !== "done") setSending(false);
    return outcome;
  };

  /** On the first touch of the form, so Register Now sends at once. */
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
    banner,
    keptMessage: waiting ? keptRegistration.waiting : sentLater,
    setField,
    setConsentChecked,
    submit,
    submitPending,
    prepare,
  };
}
