import { describe, expect, it } from "vitest";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import {
  buildAdminEmail,
  buildStudentEmail,
  formatRegistrationTime,
  type EmailContent,
} from "./registration-emails.ts";

const content: EmailContent = {
  program: { name: program.name, ...programText },
  site,
  copy: registrationEmailCopy,
  adminEmail: "team@example.org",
};
const form = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+1 555 0100",
};
const at = new Date("2025-06-05T18:30:00Z");

describe("formatRegistrationTime", () => {
  it("writes the time in the given zone and names the zone", () => {
    expect(formatRegistrationTime(at, "America/New_York")).toBe("June 5, 2025, 2:30 PM EDT");
    expect(formatRegistrationTime(new Date("2025-01-10T09:05:00Z"), "America/New_York")).toBe(
      "January 10, 2025, 4:05 AM EST",
    );
    expect(formatRegistrationTime(at, "UTC")).toBe("June 5, 2025, 6:30 PM UTC");
  });
});

describe("buildAdminEmail", () => {
  it("addresses the admin mailbox with the student's details and the follow-up actions", () => {
    expect(buildAdminEmail(form, content, at)).toEqual({
      to_email: "team@example.org",
      subject: "New Bootcamp Registration",
      from_name: "Ada Lovelace",
      from_email: "ada@example.com",
      phone: "+1 555 0100",
      message: [
        `A new student has registered for the ${program.name}.`,
        "",
        "Student",
        "Name: Ada Lovelace",
        "Email: ada@example.com",
        "Phone: +1 555 0100",
        "Registered: June 5, 2025, 2:30 PM EDT",
        `Program: ${program.name} (${programText.length} / ${programText.lengthWeeks})`,
        `Next class starts: ${programText.nextClassStart}`,
        "",
        "Follow-up actions",
        "1. Contact the student within 24 hours to confirm the registration.",
        "2. Share the course materials.",
        "3. Schedule the orientation session.",
        "",
        "The student agreed to the terms and conditions.",
        "",
        "Source",
        "Direct visit",
      ].join("\n"),
    });
  });

  it("ends with the visit's UTM parameters and referring site, in a fixed order", () => {
    const source = {
      referrer: "news.example.org",
      utm_campaign: "june-launch",
      utm_source: "newsletter",
      utm_medium: "email",
    };
    expect(buildAdminEmail(form, content, at, { source }).message).toMatch(
      /\nThe student agreed to the terms and conditions\.\n\nSource\nutm_source: newsletter\nutm_medium: email\nutm_campaign: june-launch\nReferring site: news\.example\.org$/,
    );
  });

  it("flags a filled honeypot after the source, with the field's value made one harmless line", () => {
    const message = buildAdminEmail(form, content, at, { honeypot: "spam\nName: Eve" }).message;
    expect(message).toMatch(
      /\n\nSource\nDirect visit\n\nSpam check\nThe form's hidden anti-spam field .*\nHidden field: spam Name: Eve$/,
    );
  });

  it("keeps markup and unusual characters as the literal text the visitor typed", () => {
    const params = buildAdminEmail(
      { ...form, firstName: "<script>alert(1)</script>", lastName: "שלום 🎓" },
      content,
      at,
    );
    expect(params.from_name).toBe("<script>alert(1)</script> שלום 🎓");
    expect(params.message).toContain("Name: <script>alert(1)</script> שלום 🎓\n");
  });
});

describe("buildStudentEmail", () => {
  it("confirms the registration with the next steps and both ways to reach the team", () => {
    expect(buildStudentEmail(form, content, at)).toEqual({
      to_email: "ada@example.com",
      to_name: "Ada Lovelace",
      subject: `${program.name} - Registration Confirmation`,
      message: [
        "Hi Ada,",
        "",
        `Thank you for registering for the ${program.name}. We have received your registration.`,
        "",
        "Your registration details",
        "Name: Ada Lovelace",
        "Email: ada@example.com",
        "Phone: +1 555 0100",
        "Registered: June 5, 2025, 2:30 PM EDT",
        `Program: ${program.name} (${programText.length} / ${programText.lengthWeeks})`,
        `Next class starts: ${programText.nextClassStart}`,
        "",
        "What happens next",
        "1. A member of our team will contact you within 24 hours to confirm your registration.",
        "2. We will share the course materials with you.",
        "3. We will schedule your orientation session.",
        "",
        "Questions? Contact us:",
        ...site.phones.map((phone) => `${phone.label}: ${phone.display}`),
        `Email: ${site.email}`,
        "",
        `The ${site.brand} team`,
      ].join("\n"),
    });
  });

  it("ends its subject in Registration Confirmation, as docs/spec-facts.md requires", () => {
    expect(buildStudentEmail(form, content, at).subject).toMatch(/Registration Confirmation$/);
  });
});

describe("the registration reference", () => {
  it("follows the registration time in both emails, and is left out when there is none", () => {
    const line = "\nReference: K7QM2X\n";
    expect(buildAdminEmail(form, content, at, { reference: "K7QM2X" }).message).toContain(
      `EDT${line}`,
    );
    expect(buildStudentEmail(form, content, at, "K7QM2X").message).toContain(`EDT${line}`);
    expect(buildAdminEmail(form, content, at).message).not.toContain("Reference");
  });
});
