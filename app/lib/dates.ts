// Dates shown to people. Date-only values (yyyy-MM-dd) are formatted in UTC so the server and
// the browser always agree, whatever their time zones.
import type { Language } from "./i18n/language";
import { isIsoDay } from "../../database/days";

// Days as stored are checked where the stored shapes are defined (database/days.ts).
export { isCalendarDay, isIsoDay } from "../../database/days";

function asUtcDate(value: string | Date): Date {
  return isIsoDay(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per locale and options, made once: making one is costly (on the server
 * the calendar library's Temporal polyfill wraps it), and a page formats many dates.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

// The months' names, for long dates written without ICU: a browser loads ICU's locale data the first
// time a page makes a date format, which costs 23-37 ms inside the hydration of every page that shows
// a date. A test checks every month against ICU's own long date in both languages.
const MONTHS: Record<Language, string[]> = {
  en: "January February March April May June July August September October November December".split(" "),
  he: "ינואר פברואר מרץ אפריל מאי יוני יולי אוגוסט ספטמבר אוקטובר נובמבר דצמבר".split(" "),
};

/** A long localized date: "March 4, 2026" / "4 במרץ 2026"; the same words as ICU's long date. */
export function formatLongDate(value: string | Date, language: Language): string {
  const date = asUtcDate(value);
  // An invalid date is a caller's mistake; ICU's format threw on it, and so does this.
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const day = date.getUTCDate();
  const month = MONTHS[language][date.getUTCMonth()];
  const year = date.getUTCFullYear();
  return language === "he" ? `${day} ב${month} ${year}` : `${month} ${day}, ${year}`;
}

/** The calendar day (yyyy-MM-dd) in Tel Aviv at the given instant, whatever the machine's time zone. */
export function telAvivDay(now: Date): string {
  return dateFormat("en-CA", { timeZone: "Asia/Jerusalem", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );
}

/**
 * The calendar day `days` after a yyyy-MM-dd day (before it when negative). Counted in calendar days,
 * not in 24-hour steps from an instant, which land on the wrong day near midnight across a change of
 * summer time.
 */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The later of two yyyy-MM-dd days (the first may be missing). */
export function laterDay(a: string | undefined, b: string): string {
  return a && a > b ? a : b;
}

/** yyyy-MM-dd (sitemap). */
export function formatIsoDate(value: string | Date): string {
  return asUtcDate(value).toISOString().slice(0, 10);
}
