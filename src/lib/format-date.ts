// "2025-06-06" as the page writes it, "June 06 2025": a calendar day no time zone can move.

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ISO date (YYYY-MM-DD) as a UTC midnight; throws on anything that is not a real day. */
export function parseIsoDate(iso: string): Date {
  const match = isoDate.exec(iso);
  const date = new Date(`${iso}T00:00:00Z`);
  if (!match || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new Error(`"${iso}" is not a date written as YYYY-MM-DD`);
  }
  return date;
}

export function formatCalendarDate(iso: string): string {
  const date = parseIsoDate(iso);
  const month = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(date);
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${month} ${day} ${date.getUTCFullYear()}`;
}

export function addWeeks(iso: string, weeks: number): string {
  const date = parseIsoDate(iso);
  date.setUTCDate(date.getUTCDate() + weeks * 7);
  return date.toISOString().slice(0, 10);
}
