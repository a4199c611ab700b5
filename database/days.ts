// Calendar days as stored (`date` columns, a certificate's last day in JSON): "yyyy-MM-dd". Plain
// functions, shared by the stored shapes' schemas and the app (app/lib/dates.ts hands them on).

/** A date-only value, yyyy-MM-dd. */
export function isIsoDay(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** yyyy-MM-dd naming a real day (2026-02-30 has the shape, but the database refuses it). */
export function isCalendarDay(value: string): boolean {
  if (!isIsoDay(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
