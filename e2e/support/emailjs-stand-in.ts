// A stand-in for the EmailJS API on a loopback origin of its own, speaking its wire as documented
// (https://www.emailjs.com/docs/rest-api/send/): `POST /api/v1.0/email/send` with a JSON body,
// answered `200 OK` as text, or `400` with the reason. Being another origin, it must answer the
// browser's CORS preflight (a JSON POST is not a "simple" request) and allow the page's origin.
// EmailJS does not document its CORS headers; these are the ones a browser needs, no more.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { validateSendRequest } from "../../server/outbox/validate.ts";
import { EMAIL_SEND_PATH, type EmailSendBody } from "../../src/registration/email-wire.ts";
import { listenOnLoopback } from "./loopback.ts";

export type ReceivedSend = { origin: string | undefined; body: EmailSendBody };

/**
 * How the stand-in answers a valid send: 200 "OK" (unset), another status and text (EmailJS's
 * 4xx texts), or "refuse-origin": no CORS headers, as for an origin the service does not allow.
 */
export type StandInAnswer = { status: number; text: string } | "refuse-origin" | undefined;

export type EmailJsStandIn = {
  origin: string;
  sends: ReceivedSend[];
  preflights: number;
  /** Set it between tests to change how the next sends are answered. */
  answer: StandInAnswer;
  close: () => Promise<void>;
};

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
  res.setHeader("Vary", "Origin");
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

export async function startEmailJsStandIn(): Promise<EmailJsStandIn> {
  const standIn = {
    sends: [] as ReceivedSend[],
    preflights: 0,
    answer: undefined as StandInAnswer,
  };
  const server = createServer(async (req, res) => {
    const reply = (status: number, text: string) => {
      res.statusCode = status;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(text);
    };
    if (new URL(req.url ?? "/", "http://stand-in").pathname !== EMAIL_SEND_PATH) {
      return reply(404, "Not found");
    }
    if (standIn.answer !== "refuse-origin") cors(req, res);
    if (req.method === "OPTIONS") {
      standIn.preflights += 1;
      res.setHeader("Access-Control-Allow-Methods", "POST");
      res.setHeader(
        "Access-Control-Allow-Headers",
        req.headers["access-control-request-headers"] ?? "Content-Type",
      );
      res.statusCode = 204;
      return res.end();
    }
    if (req.method !== "POST") return reply(405, "Method not allowed");
    const request = validateSendRequest(req.headers["content-type"], await readText(req));
    if (!request.ok) return reply(400, request.reason);
    standIn.sends.push({ origin: req.headers.origin, body: request.body });
    const { answer } = standIn;
    if (typeof answer === "object") return reply(answer.status, answer.text);
    reply(200, "OK");
  });
  return Object.assign(standIn, await listenOnLoopback(server));
}
