import { describe, expect, it } from "vitest";
import { validateSendRequest } from "./validate.ts";
import { sampleSendBody } from "./sample-send-body.ts";

const body = sampleSendBody;
const json = "application/json";

describe("validateSendRequest", () => {
  it("accepts the request emailjs-com sends", () => {
    expect(validateSendRequest(json, JSON.stringify(body))).toEqual({ ok: true, body });
  });

  it("accepts a JSON content type with a charset", () => {
    expect(validateSendRequest("application/json; charset=UTF-8", JSON.stringify(body)).ok).toBe(
      true,
    );
  });

  it("refuses a body that is not declared as JSON", () => {
    expect(validateSendRequest("text/plain", JSON.stringify(body))).toEqual({
      ok: false,
      reason: "The request must be JSON (Content-type: application/json).",
    });
    expect(validateSendRequest(undefined, JSON.stringify(body)).ok).toBe(false);
  });

  it("refuses types that only mention JSON (a cross-site form may send them unasked)", () => {
    for (const type of [
      "text/plain; x=application/json",
      "text/plain;application/json",
      "application/json-patch+json",
      "application/jsonx",
      "multipart/form-data; boundary=application/json",
    ]) {
      expect(validateSendRequest(type, JSON.stringify(body)).ok, type).toBe(false);
    }
    expect(validateSendRequest(" Application/JSON ;charset=utf-8", JSON.stringify(body)).ok).toBe(
      true,
    );
  });

  it("refuses a body that is not a JSON object", () => {
    expect(validateSendRequest(json, "{not json")).toEqual({
      ok: false,
      reason: "The request body is not valid JSON.",
    });
    expect(validateSendRequest(json, "[1,2]")).toEqual({
      ok: false,
      reason: "The request body must be a JSON object.",
    });
  });

  it.each([
    ["lib_version", "The library version (lib_version) is required."],
    ["user_id", "The public key (user_id) is required."],
    ["service_id", "The service ID (service_id) is required."],
    ["template_id", "The template ID (template_id) is required."],
  ])("refuses a request without %s and says why", (key, reason) => {
    const missing = { ...body, [key]: undefined };
    const blank = { ...body, [key]: " " };
    expect(validateSendRequest(json, JSON.stringify(missing))).toEqual({ ok: false, reason });
    expect(validateSendRequest(json, JSON.stringify(blank))).toEqual({ ok: false, reason });
  });

  it("refuses missing template params or params that are not text", () => {
    expect(validateSendRequest(json, JSON.stringify({ ...body, template_params: null }))).toEqual({
      ok: false,
      reason: "The template parameters (template_params) are required.",
    });
    expect(
      validateSendRequest(json, JSON.stringify({ ...body, template_params: { to_email: 5 } })),
    ).toEqual({ ok: false, reason: 'The template parameter "to_email" must be a string.' });
  });
});
