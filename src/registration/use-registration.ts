import { startTransition, useEffect, useRef, useState } from "react";
import {
  emailInstead,
  keptRegistration,
  registrationLabels,
  registrationToasts,
} from "../content/registration.ts";
import { site } from "../content/site.ts";
import { LEAD_ATTRIBUTE } from "../lib/before-hydration.ts";
import { toast, toastStore } from "../ui/toast-store.ts";
import type { Finished } from "./lead-sender.ts";
import type { Lead } from "./ledger.ts";
import {
  isKept,
  LEDGER_KEY,
  readRegistrationForm,
  type RegistrationData,
} from "./registration-data.ts";

/** Shows the success banner, or hides it (undefined): state of the banner's own. */
export type ShowBanner = (shown: { studentEmailed: boolean } | undefined) => void;

type Sender = typeof import("./registration-sender.ts");
let sender: Promise<Sender> | undefined;
let loaded: Sender | undefined;

/** Fetched at the first touch; a failed download (offline) is fetched again next time. */
function loadRegistrationSender(): Promise<Sender> {
  sender ??= import("./registration-sender.ts").then(
    (module) => (loaded = module),
    (error: unknown) => {
      sender = undefined;
      throw error;
    },
  );
  return sender;
}

/** RFC 6068: encodeURIComponent writes a space as %20, never the "+" mail apps would show. */
export function emailInsteadHref(form: RegistrationData, to: string): string {
  const { name, email, phone } = registrationLabels;
  const body = [
    emailInstead.intro,
    "",
    `${name}: ${form.firstName.trim()} ${form.lastName.trim()}`,
    `${email}: ${form.email.trim()}`,
    `${phone}: ${form.phone.trim()}`,
  ].join("\r\n");
  return `mailto:${to}?subject=${encodeURIComponent(emailInstead.subject)}&body=${encodeURIComponent(body)}`;
}

const WAKE_EVENTS = ["online", "pageshow", "visibilitychange"];

/**
 * The sending state is the form's own attributes (`sending:` in styles.css), set in the press's
 * task, so the paint that answers the press shows it with no render of React's in between; React
 * renders neither attribute, so none of its renders undoes them.
 */
function showSending(form: HTMLFormElement, sending: boolean): void {
  const button = form.querySelector('button[type="submit"]');
  if (sending) {
    form.setAttribute("aria-busy", "true");
    button?.setAttribute("aria-disabled", "true");
  } else {
    form.removeAttribute("aria-busy");
    button?.removeAttribute("aria-disabled");
  }
}

export function useRegistration() {
  const [consentError, setConsentError] = useState(false);
  // A send waits for the visitor to solve Google's challenge.
  const [verifying, setVerifying] = useState(false);
  const [status, setStatus] = useState<keyof typeof keptRegistration>();
  /** The reference the form's status names, where it names one. */
  const [statusReference, setStatusReference] = useState("");
  const bannerRef = useRef<ShowBanner>(null);
  // State updates land after a re-render; a double click or Enter arrives before that.
  const sendingRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const toasts = useRef<{ consent?: string; error?: string }>({});
  /** What the visitor pressed and when: the fields are cleared only if they still hold it. */
  const pressed = useRef<{ values: RegistrationData; at: number }>(undefined);

  const removeToast = (name: "consent" | "error") => {
    const id = toasts.current[name];
    if (id) toastStore.remove(id);
    toasts.current[name] = undefined;
  };

  const consentGiven = () => {
    setConsentError(false);
    // The problem it named is solved: a stale "Consent Required" must not sit over the success.
    removeToast("consent");
  };

  const ownReference = () => formRef.current?.getAttribute(LEAD_ATTRIBUTE) ?? undefined;

  /** How this page's own registration ended: only its own visitor's details are ever shown. */
  const finish = (finished: Finished) => {
    const form = formRef.current;
    if (!form) return;
    const values = pressed.current?.values ?? readRegistrationForm(form).values;
    const { outcome } = finished;
    const teamHas = outcome !== "sent" && finished.teamHas;
    const reference = ownReference() ?? "";
    startTransition(() => {
      setStatus(outcome === "waiting" ? "waiting" : teamHas ? "teamHas" : undefined);
      setStatusReference(reference);
    });
    // Done, one way or the other: the next press is a new registration.
    if (outcome !== "waiting") form.removeAttribute(LEAD_ATTRIBUTE);
    removeToast("error");
    if (finished.outcome !== "sent") {
      toasts.current.error = toast({
        ...registrationToasts.registrationError,
        variant: "destructive",
        action: {
          label: emailInstead.label,
          altText: emailInstead.altText,
          href: emailInsteadHref(values, site.email),
        },
      });
      return;
    }
    bannerRef.current?.({ studentEmailed: finished.studentEmailed });
    // Cleared, unless the visitor has begun another registration meanwhile.
    const now = readRegistrationForm(form).values;
    if (JSON.stringify(now) === JSON.stringify(values)) form.reset();
  };

  /** What the page sent by itself: this page's registration, or one kept by an earlier visit. */
  const told = (lead: Lead, finished: Finished) => {
    // A press since is told by its own answer.
    if (lead.reference === ownReference()) return sendingRef.current || finish(finished);
    if (finished.outcome === "sent") setStatus("sentEarlier");
    else if (finished.outcome !== "waiting") setStatus("failedEarlier");
  };

  // Events only: a failing service is not polled. A hidden tab leaves it to the visible one.
  useEffect(() => {
    // Another tab, or a late answer in this one, may have finished this page's registration.
    const recheck = () => {
      const reference = ownReference();
      const form = formRef.current;
      if (!reference || !form || !loaded || sendingRef.current) return;
      const { honeypot } = readRegistrationForm(form);
      const finished = loaded.outcomeOf({ reference, honeypot, at: pressed.current?.at });
      if (finished) finish(finished);
    };
    const wake = () => {
      if (document.visibilityState !== "visible" || !navigator.onLine) return;
      if (!isKept() && !ownReference()) return;
      void loadRegistrationSender().then(
        async ({ resendKept }) => {
          if (!sendingRef.current && (await resendKept(told))) setStatus("needsCheck");
          recheck();
        },
        // Still out of reach: the next event tries again.
        () => {},
      );
    };
    const onStorage = (event: StorageEvent) => event.key === LEDGER_KEY && recheck();
    if (isKept(ownReference() ?? null)) setStatus("waiting");
    wake();
    // `visibilitychange` bubbles from the document to the window.
    for (const type of WAKE_EVENTS) addEventListener(type, wake);
    addEventListener("storage", onStorage);
    return () => {
      for (const type of WAKE_EVENTS) removeEventListener(type, wake);
      removeEventListener("storage", onStorage);
    };
    // Once: what it calls reads refs and sets state, the same in every render.
  }, []);

  /**
   * Returns what happened, so the form can move focus where the visitor must act. `pressedBefore`:
   * Register Now was pressed before the form's code ran (the sender may have sent it already).
   */
  const submit = async (
    form: HTMLFormElement,
    pressedBefore = false,
  ): Promise<"busy" | "consent-required" | "done"> => {
    if (sendingRef.current) return "busy";
    const { values, consent } = readRegistrationForm(form);
    if (!consent) {
      setConsentError(true);
      toasts.current.consent = toast({
        ...registrationToasts.consentRequired,
        variant: "destructive",
      });
      return "consent-required";
    }
    sendingRef.current = true;
    pressed.current = { values, at: Date.now() };
    const events = { onChallenge: setVerifying };
    // Before any state change, so the send is not queued behind React's render of it.
    const finished = loaded
      ? loaded.registerNow(form, events, pressedBefore)
      : loadRegistrationSender().then(
          (module) => module.registerNow(form, events, pressedBefore),
          (error: unknown): Finished => {
            console.error("Registration failed: the email client could not be loaded.", error);
            return { outcome: isKept(ownReference() ?? null) ? "waiting" : "failed" };
          },
        );
    showSending(form, true);
    bannerRef.current?.(undefined);
    setStatus(undefined);
    // An earlier failure is no longer news once the visitor tries again.
    removeToast("error");
    try {
      finish(await finished);
    } finally {
      sendingRef.current = false;
      showSending(form, false);
      startTransition(() => setVerifying(false));
    }
    return "done";
  };

  /** The visitor asks for the kept registration Google wanted a challenge for. */
  const sendKept = () => {
    setStatus(undefined);
    void loadRegistrationSender().then(
      async ({ resendKept }) => (await resendKept(told, true)) && setStatus("needsCheck"),
      () => setStatus("needsCheck"),
    );
  };

  /** On the first touch of the form, so Register Now sends at once. */
  const prepare = () =>
    void loadRegistrationSender().then(
      (module) => module.prepareRegistration(),
      () => {},
    );

  return {
    formRef,
    consentError,
    verifying,
    bannerRef,
    keptMessage: status && keptRegistration[status].replace("{reference}", statusReference),
    sendKept: status === "needsCheck" ? sendKept : undefined,
    consentGiven,
    submit,
    prepare,
  };
}
