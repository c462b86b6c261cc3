import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_ATTRIBUTE, PENDING_SUBMIT, UNKEPT } from "../lib/before-hydration.ts";
import { program } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { VISIT_SOURCE_KEY } from "../lib/visit-source.ts";
import { SEND_TIMEOUT_MS } from "./email-delivery.ts";
import { createLedgerStore, keepPressed } from "./lead-store.ts";
import { DAY_MS, KEEP_FOR_MS, type Lead } from "./ledger.ts";
import { HONEYPOT_NAME, LEDGER_KEY } from "./registration-data.ts";
import {
  ADA,
  asForm,
  FakeForm,
  FakeFormData,
  filledForm as filled,
  MemoryStorage,
} from "../test-support/form-doubles.ts";

// The browser's side of the sender, faked at its edges: EmailJS, Google's widget, the document,
// storage and the window. Everything between (ledger, store, lead sender, delivery) is real.
const emailjs = vi.hoisted(() => ({ init: vi.fn(), send: vi.fn() }));
vi.mock("emailjs-com", () => emailjs);
const google = vi.hoisted(() => ({
  challenge: false,
  execute: vi.fn<() => Promise<string>>(),
  cancel: vi.fn(),
}));
vi.mock("./recaptcha-widget.ts", () => ({
  loadRecaptchaWidget: () => Promise.resolve({ execute: google.execute, cancel: google.cancel }),
  recaptchaChallengeShown: () => google.challenge,
}));

type Sender = typeof import("./registration-sender.ts");

class FakeStorageEvent extends Event {
  readonly key: string | null;
  constructor(type: string, init: { key?: string } = {}) {
    super(type);
    this.key = init.key ?? null;
  }
}

let local: MemoryStorage;
let session: MemoryStorage;
let win: EventTarget;
let doc: EventTarget & {
  forms: FakeForm[];
  documentElement: FakeForm;
  querySelector: (selector: string) => FakeForm | null;
};
let storageEvents: (string | null)[];

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-06-05T18:30:00Z") });
  vi.resetModules();
  emailjs.init.mockReset();
  emailjs.send.mockReset().mockResolvedValue({ status: 200, text: "OK" });
  google.challenge = false;
  google.execute.mockReset();
  google.cancel.mockReset();
  for (const name of ["PUBLIC_KEY", "SERVICE_ID", "TEMPLATE_ID", "ORIGIN"])
    vi.stubEnv(`VITE_EMAILJS_${name}`, undefined);
  vi.stubEnv("VITE_ADMIN_EMAIL", "team@school.test");
  vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", undefined);

  local = new MemoryStorage();
  session = new MemoryStorage();
  win = new EventTarget();
  storageEvents = [];
  win.addEventListener("storage", (event) => storageEvents.push((event as FakeStorageEvent).key));
  doc = Object.assign(new EventTarget(), {
    forms: [] as FakeForm[],
    documentElement: new FakeForm({}),
    // The sender asks for one thing: the form pressed before its code ran, by its attributes.
    querySelector(selector: string) {
      expect(selector.startsWith("#registration form")).toBe(true);
      const wanted = [...selector.matchAll(/\[([\w-]+)\]/g)].map((match) => match[1] ?? "");
      return this.forms.find((form) => wanted.every((name) => form.hasAttribute(name))) ?? null;
    },
  });
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("window", { sessionStorage: session });
  vi.stubGlobal("document", doc);
  vi.stubGlobal("navigator", {});
  vi.stubGlobal("FormData", FakeFormData);
  vi.stubGlobal("StorageEvent", FakeStorageEvent);
  vi.stubGlobal("addEventListener", win.addEventListener.bind(win));
  vi.stubGlobal("removeEventListener", win.removeEventListener.bind(win));
  vi.stubGlobal("dispatchEvent", win.dispatchEvent.bind(win));
  // The sender logs each failure it is told to expect here; it takes the console as it loads.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

/** The sender as the page loads it: a module of its own, fresh for each case. */
const loadSender = (): Promise<Sender> => import("./registration-sender.ts");

const sentParams = () =>
  emailjs.send.mock.calls.map(([, , params]) => params as Record<string, string>);
const ledger = () => createLedgerStore(() => local).read();
/** Register Now as the page does it: the first-paint script keeps the press, the form sends it. */
function press(form: FakeForm) {
  keepPressed(asForm(form), local);
  return form.getAttribute(LEAD_ATTRIBUTE) ?? "";
}

describe("the registration sender", () => {
  it("binds EmailJS to the local outbox when no keys are set, and to EmailJS with them", async () => {
    await loadSender();
    expect(emailjs.init).toHaveBeenCalledWith("outbox-public-key", "/outbox");
    vi.resetModules();
    vi.stubEnv("VITE_EMAILJS_PUBLIC_KEY", "pk");
    vi.stubEnv("VITE_EMAILJS_SERVICE_ID", "service_1");
    vi.stubEnv("VITE_EMAILJS_TEMPLATE_ID", "template_1");
    const sender = await loadSender();
    expect(emailjs.init).toHaveBeenLastCalledWith("pk", "https://api.emailjs.com");
    await sender.registerNow(asForm(filled()));
    expect(emailjs.send.mock.calls.map(([service, template]) => [service, template])).toEqual([
      ["service_1", "template_1"],
      ["service_1", "template_1"],
    ]);
  });

  it("sends the team's email, then the confirmation, under the press's reference, and keeps nothing", async () => {
    session.setItem(
      VISIT_SOURCE_KEY,
      JSON.stringify({ href: "https://school.test/?utm_source=newsletter", referrer: "" }),
    );
    const sender = await loadSender();
    const form = filled();
    const reference = press(form);
    expect(reference).toMatch(/^[2-9A-Z]{6}$/);

    await expect(sender.registerNow(asForm(form))).resolves.toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
    const [admin, student, ...more] = sentParams();
    expect(more).toEqual([]);
    expect(admin).toMatchObject({ to_email: "team@school.test", from_email: ADA.email });
    expect(admin?.message).toContain(`Reference: ${reference}`);
    expect(admin?.message).toContain("utm_source: newsletter");
    expect(admin?.message).toContain(`Program: ${program.name} (`);
    expect(student).toMatchObject({ to_email: ADA.email, to_name: "Ada Lovelace" });
    expect(student?.message).toContain(`Reference: ${reference}`);
    expect(form.getAttribute(LEAD_ATTRIBUTE)).toBe(reference);
    expect(ledger().leads).toEqual([]);
    // Delivered: the visit's source leaves the tab too.
    expect(session.getItem(VISIT_SOURCE_KEY)).toBeNull();
  });

  it("sends a press storage could not keep from the page alone, under its reference", async () => {
    const sender = await loadSender();
    const denied = () => {
      throw new DOMException("denied", "SecurityError");
    };
    const storage = {
      getItem: denied,
      setItem: denied,
      removeItem: denied,
      key: denied,
      length: 0,
    };
    vi.stubGlobal("localStorage", storage);
    const form = filled();
    keepPressed(asForm(form), storage);
    const reference = form.getAttribute(LEAD_ATTRIBUTE) ?? "";
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
    const [admin, student] = sentParams();
    expect(admin?.message).toContain(`Reference: ${reference}`);
    expect(student?.message).toContain(`Reference: ${reference}`);
    // Not kept, so a failure cannot wait: the form says so.
    emailjs.send.mockRejectedValue({ status: 503 });
    const other = filled({ ...ADA, email: "bo@example.com" });
    keepPressed(asForm(other), storage);
    await expect(sender.registerNow(asForm(other))).resolves.toEqual({ outcome: "failed" });
  });

  it("keeps a registration the service could not take now, with the visit's source", async () => {
    session.setItem(
      VISIT_SOURCE_KEY,
      JSON.stringify({ href: "https://school.test/?utm_source=ads", referrer: "" }),
    );
    const sender = await loadSender();
    emailjs.send.mockRejectedValue({ status: 503, text: "Service Unavailable" });
    const form = filled();
    const reference = press(form);
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({ outcome: "waiting" });
    expect(ledger().leads.map((lead) => [lead.reference, lead.source])).toEqual([
      [reference, { utm_source: "ads" }],
    ]);
    expect(session.getItem(VISIT_SOURCE_KEY)).not.toBeNull();
  });

  it("keeps again a press another tab's write lost, as pressed, and waits with it", async () => {
    const sender = await loadSender();
    emailjs.send.mockRejectedValue({ status: 503, text: "Service Unavailable" });
    // Named by the first-paint script, but gone from storage.
    const form = filled(ADA, { [LEAD_ATTRIBUTE]: "ABCDEF" });
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({ outcome: "waiting" });
    expect(ledger().leads).toMatchObject([{ reference: "ABCDEF", form: ADA, delivered: [] }]);
  });

  it("sends only the team's email for a filled honeypot", async () => {
    const sender = await loadSender();
    const form = filled();
    form.fields[HONEYPOT_NAME] = "https://spam.example";
    press(form);
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({
      outcome: "sent",
      studentEmailed: false,
    });
    expect(sentParams().map((params) => params.to_email)).toEqual(["team@school.test"]);
  });

  it("writes down an answer that comes after the send gave up, and tells the form", async () => {
    const sender = await loadSender();
    let answerLate: (value: unknown) => void = () => {};
    emailjs.send.mockReturnValueOnce(new Promise((resolve) => (answerLate = resolve)));
    const form = filled();
    const reference = press(form);
    const finished = sender.registerNow(asForm(form));
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await expect(finished).resolves.toEqual({ outcome: "waiting" });
    expect(storageEvents).toEqual([]);

    answerLate({ status: 200, text: "OK" });
    await vi.advanceTimersByTimeAsync(0);
    expect(storageEvents).toEqual([LEDGER_KEY]);
    expect(ledger().leads.find((lead) => lead.reference === reference)?.delivered).toEqual([
      "admin",
    ]);
    // Pressed again, only the confirmation goes.
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
    expect(sentParams().map((params) => params.to_email)).toEqual(["team@school.test", ADA.email]);
  });

  it("tells the form nothing of a late refusal", async () => {
    const sender = await loadSender();
    let refuseLate: (error: unknown) => void = () => {};
    emailjs.send.mockReturnValueOnce(new Promise((_, reject) => (refuseLate = reject)));
    const form = filled();
    press(form);
    const finished = sender.registerNow(asForm(form));
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await expect(finished).resolves.toEqual({ outcome: "waiting" });
    refuseLate({ status: 400, text: "Bad Request" });
    await vi.advanceTimersByTimeAsync(0);
    expect(storageEvents).toEqual([]);
    expect(ledger().leads[0]?.delivered).toEqual([]);
  });

  it("continues a registration whose confirmation was refused under its own reference when pressed again", async () => {
    const sender = await loadSender();
    emailjs.send
      .mockResolvedValueOnce({ status: 200 })
      .mockRejectedValueOnce({ status: 400, text: "Bad Request" });
    const form = filled();
    const first = press(form);
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({
      outcome: "refused",
      teamHas: true,
    });
    // The form shows the refusal and lets go of the reference; the first-paint script keeps the
    // press again under a new one, and the form goes back to the first.
    form.removeAttribute(LEAD_ATTRIBUTE);
    expect(press(form)).not.toBe(first);
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
    expect(form.getAttribute(LEAD_ATTRIBUTE)).toBe(first);
    const [, refused, again, ...more] = sentParams();
    expect(more).toEqual([]);
    expect([refused?.to_email, again?.to_email]).toEqual([ADA.email, ADA.email]);
    expect(again?.message).toContain(`Reference: ${first}`);
  });

  describe("a press storage refused, of a registration that left as sent", () => {
    /** The ledger says the page's registration went; storage then takes no write. */
    function sentAndFull(attributes: Record<string, string>, fields = ADA) {
      local.setItem(
        LEDGER_KEY,
        JSON.stringify({
          v: 1,
          leads: [],
          done: [{ reference: "ABCDEF", outcome: "sent", until: Date.now() + DAY_MS }],
        }),
      );
      local.setItem = () => {
        throw new DOMException("full", "QuotaExceededError");
      };
      return filled(fields, { [LEAD_ATTRIBUTE]: "ABCDEF", ...attributes });
    }

    it("pressed again with the same details before the page showed it, sends nothing more", async () => {
      const sender = await loadSender();
      const again = { reference: "ABCDEF", at: Date.now(), form: ADA, honeypot: "", again: true };
      const form = sentAndFull({ [UNKEPT]: JSON.stringify(again) });
      await expect(sender.registerNow(asForm(form))).resolves.toEqual({
        outcome: "sent",
        studentEmailed: true,
      });
      expect(emailjs.send).not.toHaveBeenCalled();
    });

    it("with other details, sends them as a correction", async () => {
      const sender = await loadSender();
      const bo = { ...ADA, email: "bo@example.com" };
      // A mark the press cannot be read from: the form's values stand for it.
      const form = sentAndFull({ [UNKEPT]: "" }, bo);
      await expect(sender.registerNow(asForm(form))).resolves.toEqual({
        outcome: "sent",
        studentEmailed: true,
      });
      const [admin, student, ...more] = sentParams();
      expect(more).toEqual([]);
      expect(admin?.from_email).toBe(bo.email);
      expect(admin?.message).toContain(registrationEmailCopy.admin.correctionNote);
      expect(student?.to_email).toBe(bo.email);
    });
  });

  it("tells a press kept on the device that it waits, though storage took no write after it", async () => {
    const sender = await loadSender();
    emailjs.send.mockRejectedValue({ status: 503, text: "Service Unavailable" });
    const form = filled();
    press(form);
    local.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    await expect(sender.registerNow(asForm(form))).resolves.toEqual({ outcome: "waiting" });
  });

  it("sends a lead past its week once more, then lets it leave whatever the answer", async () => {
    const at = Date.now() - KEEP_FOR_MS - DAY_MS;
    const old: Lead = { reference: "ABCDEF", at, form: ADA, honeypot: "", delivered: [] };
    local.setItem(LEDGER_KEY, JSON.stringify({ v: 1, leads: [old], done: [] }));
    const sender = await loadSender();
    // Loading sends nothing by itself: the form's code asks when it wakes.
    expect(emailjs.send).not.toHaveBeenCalled();
    emailjs.send.mockRejectedValue({ status: 503 });
    const told = vi.fn();
    await sender.resendKept(told);
    expect(emailjs.send).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith(expect.objectContaining({ reference: "ABCDEF" }), {
      outcome: "expired",
    });
    expect(local.getItem(LEDGER_KEY)).not.toContain("Lovelace");
  });
});

describe("a press made before the form's code ran", () => {
  /** The form as the first-paint script leaves it: the press kept and marked as waiting. */
  function pressedEarly(fields: Record<string, string> = ADA) {
    const form = filled(fields, { [PENDING_SUBMIT]: "" });
    press(form);
    doc.forms.push(form);
    return form;
  }

  it("is sent as the sender loads, and only the form's first press takes that send up", async () => {
    const form = pressedEarly();
    emailjs.send.mockRejectedValueOnce({ status: 503, text: "Service Unavailable" });
    const sender = await loadSender();
    expect(emailjs.send).toHaveBeenCalledTimes(1);
    // The outage's answer is the taken press's own: nothing is sent again for it.
    await expect(sender.registerNow(asForm(form), undefined, true)).resolves.toEqual({
      outcome: "waiting",
    });
    expect(emailjs.send).toHaveBeenCalledTimes(1);
    // Taken once: the next press sends the kept lead.
    await expect(sender.registerNow(asForm(form), {}, true)).resolves.toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
    expect(sentParams().map((params) => params.to_email)).toEqual([
      "team@school.test",
      "team@school.test",
      ADA.email,
    ]);
  });

  it.each([
    ["a press the form's code made itself", false, true],
    ["a press that does not say when it was made", undefined, true],
    ["a press of another form", true, false],
  ])("is not taken up by %s", async (_, pressedBefore, sameForm) => {
    const form = pressedEarly();
    emailjs.send.mockRejectedValueOnce({ status: 503, text: "Service Unavailable" });
    const sender = await loadSender();
    const other = filled({ ...ADA, firstName: "Grace", email: "grace@example.com" });
    press(other);
    await expect(
      sender.registerNow(asForm(sameForm ? form : other), {}, pressedBefore),
    ).resolves.toEqual({ outcome: "sent", studentEmailed: true });
    expect(emailjs.send).toHaveBeenCalledTimes(3);
  });

  it("is not sent at load once the form's code has taken over (no mark)", async () => {
    const form = filled();
    press(form);
    doc.forms.push(form);
    await loadSender();
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it.each([
    ["passes Google's challenge on to the form that took the send up", true, [[true], [false]]],
    ["solves a challenge shown before the form took the send up", false, [[false]]],
  ])("%s", async (_, takenFirst, told) => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    let solve: (token: string) => void = () => {};
    google.execute.mockReturnValueOnce(new Promise((resolve) => (solve = resolve)));
    google.execute.mockResolvedValue("student-token");
    const form = pressedEarly();
    const sender = await loadSender();
    const onChallenge = vi.fn<(shown: boolean) => void>();
    const takeUp = () => sender.registerNow(asForm(form), { onChallenge }, true);
    const taken = takenFirst ? takeUp() : undefined;
    google.challenge = true;
    await vi.advanceTimersByTimeAsync(300);
    google.challenge = false;
    solve("admin-token");
    await expect(taken ?? takeUp()).resolves.toEqual({ outcome: "sent", studentEmailed: true });
    expect(onChallenge.mock.calls).toEqual(told);
    expect(sentParams().map((params) => params["g-recaptcha-response"])).toEqual([
      "admin-token",
      "student-token",
    ]);
  });
});

describe("what waits on the device", () => {
  const kept = (reference = "ABCDEF"): Lead => ({
    reference,
    at: Date.now() - DAY_MS,
    form: ADA,
    honeypot: "",
    delivered: [],
  });

  it("is sent by resendKept, and each outcome told", async () => {
    local.setItem(LEDGER_KEY, JSON.stringify({ v: 1, leads: [kept()], done: [] }));
    session.setItem(
      VISIT_SOURCE_KEY,
      JSON.stringify({ href: "https://school.test/?utm_source=x", referrer: "" }),
    );
    const sender = await loadSender();
    const told = vi.fn<(lead: Lead, finished: unknown) => void>();
    await sender.resendKept(told);
    expect(told.mock.calls.map(([lead, finished]) => [lead.reference, finished])).toEqual([
      ["ABCDEF", { outcome: "sent", studentEmailed: true }],
    ]);
    expect(sentParams().map((params) => params.to_email)).toEqual(["team@school.test", ADA.email]);
    expect(session.getItem(VISIT_SOURCE_KEY)).toBeNull();
    expect(sender.outcomeOf({ reference: "ABCDEF", honeypot: "" })).toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
  });

  it("asks nothing of the network, nor waits for a touch, when nothing waits", async () => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    const sender = await loadSender();
    const told = vi.fn();
    let resent = false;
    void sender.resendKept(told).then(() => (resent = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(resent).toBe(true);
    expect(told).not.toHaveBeenCalled();
    expect(google.execute).not.toHaveBeenCalled();
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it("with reCAPTCHA, sends a lead of an earlier visit at load when Google asks no challenge", async () => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    google.execute.mockResolvedValue("token");
    local.setItem(LEDGER_KEY, JSON.stringify({ v: 1, leads: [kept()], done: [] }));
    const sender = await loadSender();
    const told = vi.fn();
    await expect(sender.resendKept(told)).resolves.toBe(false);
    expect(told).toHaveBeenCalledWith(expect.objectContaining({ reference: kept().reference }), {
      outcome: "sent",
      studentEmailed: true,
    });
    expect(sentParams().map((params) => params["g-recaptcha-response"])).toEqual([
      "token",
      "token",
    ]);
  });

  it("with reCAPTCHA, takes down a challenge nobody asked for, keeps the lead, and sends it once asked", async () => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    google.execute.mockImplementationOnce(() => {
      google.challenge = true;
      return new Promise(() => {});
    });
    google.cancel.mockImplementation(() => (google.challenge = false));
    local.setItem(LEDGER_KEY, JSON.stringify({ v: 1, leads: [kept()], done: [] }));
    const sender = await loadSender();
    const told = vi.fn();
    const quiet = sender.resendKept(told);
    await vi.advanceTimersByTimeAsync(100);
    await expect(quiet).resolves.toBe(true);
    expect(google.cancel).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith(expect.anything(), { outcome: "waiting" });
    expect(ledger().leads).toHaveLength(1);
    // Woken again (a tab shown, the connection back), it does not put the challenge up again.
    await expect(sender.resendKept(told)).resolves.toBe(true);
    expect(google.execute).toHaveBeenCalledTimes(1);
    // Asked: the visitor solves it, and both emails go.
    google.execute.mockResolvedValue("solved");
    await expect(sender.resendKept(told, true)).resolves.toBe(false);
    expect(emailjs.send).toHaveBeenCalledTimes(2);
    expect(ledger().leads).toEqual([]);
  });

  it("with reCAPTCHA, asks Google nothing when nothing waits, and asks the visitor nothing after a refusal", async () => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    google.execute.mockResolvedValue("token");
    const sender = await loadSender();
    await expect(sender.resendKept(() => {})).resolves.toBe(false);
    expect(google.execute).not.toHaveBeenCalled();
    local.setItem(LEDGER_KEY, JSON.stringify({ v: 1, leads: [kept()], done: [] }));
    emailjs.send.mockRejectedValueOnce({ status: 503, text: "busy" });
    await expect(sender.resendKept(() => {})).resolves.toBe(false);
    expect(ledger().leads).toHaveLength(1);
  });

  it("with reCAPTCHA, puts no challenge to a visitor who touched the form but did not ask for the send", async () => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    google.execute.mockImplementation(() => {
      google.challenge = true;
      return new Promise(() => {});
    });
    google.cancel.mockImplementation(() => (google.challenge = false));
    doc.documentElement.setAttribute("data-intent", "");
    local.setItem(LEDGER_KEY, JSON.stringify({ v: 1, leads: [kept()], done: [] }));
    const sender = await loadSender();
    const resent = sender.resendKept(() => {});
    await vi.advanceTimersByTimeAsync(100);
    await expect(resent).resolves.toBe(true);
    expect(google.cancel).toHaveBeenCalledTimes(1);
    expect(ledger().leads).toHaveLength(1);
  });
});

describe("prepareRegistration", () => {
  it("asks Google for both tokens and takes the send lock, so Register Now waits for neither", async () => {
    vi.stubEnv("VITE_RECAPTCHA_SITE_KEY", "site-key");
    google.execute.mockResolvedValueOnce("admin-token").mockResolvedValueOnce("student-token");
    const requests: string[] = [];
    vi.stubGlobal("navigator", {
      locks: {
        request: (name: string, run: () => Promise<unknown>) => {
          requests.push(name);
          // Granted in a later task, as by the browser.
          return Promise.resolve().then(run);
        },
      },
    });
    const sender = await loadSender();
    sender.prepareRegistration();
    await vi.advanceTimersByTimeAsync(0);
    expect(google.execute).toHaveBeenCalledTimes(2);
    expect(requests).toEqual([LEDGER_KEY]);
    const form = filled();
    press(form);
    await sender.registerNow(asForm(form));
    expect(sentParams().map((params) => params["g-recaptcha-response"])).toEqual([
      "admin-token",
      "student-token",
    ]);
    // Sent within the lock already held: no other request.
    expect(requests).toEqual([LEDGER_KEY]);
  });

  it("reads the landing's source once, however often the visitor touches the form", async () => {
    const sender = await loadSender();
    const read = vi.spyOn(session, "getItem");
    sender.prepareRegistration();
    sender.prepareRegistration();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
