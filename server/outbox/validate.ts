// Checks a send request the way EmailJS does before it accepts one: a JSON body with the
// library version, the three ids and the template params. Answers carry a readable reason.
import type { EmailSendBody } from "../../src/registration/email-wire.ts";

export type Validation = { ok: true; body: EmailSendBody } | { ok: false; reason: string };

const requiredIds = [
  ["lib_version", "The library version (lib_version) is required."],
  ["user_id", "The public key (user_id) is required."],
  ["service_id", "The service ID (service_id) is required."],
  ["template_id", "The template ID (template_id) is required."],
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function validateSendRequest(contentType: string | undefined, text: string): Validation {
  // Exactly JSON (parameters such as charset allowed): `text/plain; x=application/json` is a
  // type a page on another site may send without asking the server first.
  if (contentType?.split(";", 1)[0]?.trim().toLowerCase() !== "application/json") {
    return { ok: false, reason: "The request must be JSON (Content-type: application/json)." };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The request body is not valid JSON." };
  }
  if (!isRecord(parsed)) return { ok: false, reason: "The request body must be a JSON object." };

  for (const [key, reason] of requiredIds) {
    const value = parsed[key];
    if (typeof value !== "string" || value.trim() === "") return { ok: false, reason };
  }
  const params = parsed.template_params;
  if (!isRecord(params)) {
    return { ok: false, reason: "The template parameters (template_params) are required." };
  }
  const badParam = Object.entries(params).find(([, value]) => typeof value !== "string");
  if (badParam) {
    return { ok: false, reason: `The template parameter "${badParam[0]}" must be a string.` };
  }
  return {
    ok: true,
    body: {
      lib_version: parsed.lib_version as string,
      user_id: parsed.user_id as string,
      service_id: parsed.service_id as string,
      template_id: parsed.template_id as string,
      template_params: params as Record<string, string>,
    },
  };
}
