// When a certificate's reminder is due (ADR 023): its owners are e-mailed 14 and 3 days before its
// last valid day, once each (CERTIFICATE_REMINDER_DAYS). Pure, so it is unit tested.
import { CERTIFICATE_REMINDER_DAYS } from "../../../../database/lifecycle";
import { addDays } from "../../../lib/dates";

/**
 * The reminder due on `today` for a certificate valid until `validUntil`: the 14-day one from 14
 * days before until the 3-day one is due, the 3-day one from 3 days before through the last day;
 * none before, none after. At most one a day, so a job that starts late (or a date entered 5 days
 * before) sends the one that still makes sense, not both at once.
 */
export function dueReminder(
  validUntil: string,
  today: string,
  days: readonly number[] = CERTIFICATE_REMINDER_DAYS,
): number | undefined {
  if (today > validUntil) return undefined;
  const sorted = [...days].sort((a, b) => a - b);
  // The fewest days before whose window has opened.
  return sorted.find((d) => today >= addDays(validUntil, -d));
}

/** The earliest and latest last valid days a reminder may be due for on `today`. */
export function reminderWindow(
  today: string,
  days: readonly number[] = CERTIFICATE_REMINDER_DAYS,
): { from: string; to: string } {
  return { from: today, to: addDays(today, Math.max(...days)) };
}
