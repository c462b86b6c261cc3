// Test registrations, free of any test runner so that the Playwright specs and the cross-engine
// journeys (run by Vitest) share them.
import type { RegistrationData } from "../../src/registration/registration-data.ts";

/** A student whose email no other test uses, so parallel tests can share one outbox. */
export function student(tag: string, overrides: Partial<RegistrationData> = {}): RegistrationData {
  const unique = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `${unique}@example.com`,
    phone: "+1 555 010 0100",
    ...overrides,
  };
}
