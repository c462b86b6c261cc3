// A campaign launch: ten visitors register at the same second against an email API that takes
// one send per second (the real outbox with OUTBOX_RATE_LIMIT=1, in a server process of its own).
// The page's own send flow (createLeadSender over createEmailDelivery, with its backoff on 429)
// runs ten times concurrently here in Node, each with a storage of its own, over HTTP to the real server: the property is the flow's and the
// server's, and ten browsers on a 2-core runner would only measure the runner. The browser's path
// through a 429 is registration-retries.spec.ts.
import { program, programText } from "../src/content/program.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import { site } from "../src/content/site.ts";
import { resolveEmailConfig } from "../src/registration/resolve-email-config.ts";
import {
  EMAIL_LIB_VERSION,
  EMAIL_SEND_PATH,
  type EmailSendBody,
} from "../src/registration/email-wire.ts";
import {
  createEmailDelivery,
  REGISTRATION_BUDGET_MS,
  type SendEmail,
} from "../src/registration/email-delivery.ts";
import { createLedgerStore, type KeyValueStorage } from "../src/registration/lead-store.ts";
import { createLeadSender } from "../src/registration/lead-sender.ts";
import { expect, test } from "./support/test.ts";
import type { OutboxMessage } from "./support/registration.ts";
import { startServer, type ServerProcess } from "./support/server-process.ts";
import { student } from "./support/student.ts";

const VISITORS = 10;

let server: ServerProcess | undefined;
test.afterAll(async () => server?.stop());

/** The request emailjs-com sends in outbox mode (docs/contract.md); a non-200 rejects as it does. */
function outboxTransport(base: string): SendEmail {
  const config = resolveEmailConfig({});
  return async (params) => {
    const body: EmailSendBody = {
      lib_version: EMAIL_LIB_VERSION,
      user_id: config.publicKey,
      service_id: config.serviceId,
      template_id: config.templateId,
      template_params: params,
    };
    const response = await fetch(`${base}${config.origin}${EMAIL_SEND_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    // emailjs-com rejects with an EmailJSResponseStatus: { status, text }.
    if (response.status !== 200) throw { status: response.status, text };
    return { status: response.status, text };
  };
}

test("ten visitors at once against 1 send per second all register, each lead exactly once, within 45 s", async () => {
  test.setTimeout(REGISTRATION_BUDGET_MS + 15_000);
  server = await startServer({ OUTBOX_RATE_LIMIT: "1" });
  const config = resolveEmailConfig({});
  const content = {
    program: { name: program.name, ...programText },
    site,
    copy: registrationEmailCopy,
    adminEmail: config.adminEmail,
  };
  const send = outboxTransport(server.base);
  const warnings: string[] = [];
  const errors: string[] = [];

  const visitors = Array.from({ length: VISITORS }, (_, index) => student(`burst-${index}`));
  const results = await Promise.all(
    visitors.map(async (data) => {
      // One sender and one device per visitor, as each page has its own.
      const deliver = createEmailDelivery({
        send,
        content,
        logWarn: (message) => warnings.push(message),
        logError: (message) => errors.push(message),
      });
      const kept = new Map<string, string>();
      const storage: KeyValueStorage = {
        getItem: (key) => kept.get(key) ?? null,
        setItem: (key, value) => void kept.set(key, value),
        removeItem: (key) => void kept.delete(key),
        key: (index) => [...kept.keys()][index] ?? null,
        get length() {
          return kept.size;
        },
      };
      const store = createLedgerStore(() => storage);
      const sender = createLeadSender({ store, deliver, withLock: (run) => run() });
      // Kept as a press leaves it, then sent.
      const lead = { reference: "K7QM2X", at: Date.now(), form: data, honeypot: "", delivered: [] };
      store.update(() => ({ leads: [lead], done: [] }));
      const started = Date.now();
      const result = await sender.registerNow(lead);
      return { result, ms: Date.now() - started, left: kept.size };
    }),
  );

  expect(errors).toEqual([]);
  for (const { result, ms, left } of results) {
    expect(result).toEqual({ outcome: "sent", studentEmailed: true });
    expect(ms).toBeLessThanOrEqual(REGISTRATION_BUDGET_MS);
    // Only the record of how it left, with no detail of the person.
    expect(left).toBe(1);
  }
  // Twenty sends at one per second cannot all pass at once: the flow did meet 429s and backed off.
  expect(warnings.some((message) => message.includes("rate limited"))).toBe(true);

  const messages = (await (
    await fetch(`${server.base}/outbox/messages.json`)
  ).json()) as OutboxMessage[];
  expect(messages).toHaveLength(2 * VISITORS);
  for (const data of visitors) {
    const theirs = messages.filter(
      ({ template_params: params }) =>
        params.from_email === data.email || params.to_email === data.email,
    );
    expect(theirs.map((message) => message.template_params.subject)).toEqual([
      registrationEmailCopy.admin.subject,
      registrationEmailCopy.student.subject,
    ]);
  }
});
