// Dates shown to people. Date-only values (yyyy-MM-dd) are formatted in UTC so the server and
// the browser always agree, whatever their time zones.
import type { Language } from "./i18n/language";

const LOCALES: Record<Language, string> = { en: "en-US", he: "he-IL" };

function asUtcDate(value: string | Date): Date {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
}

/** A long localized date: "March 4, 2026" / "4 במרץ 2026". */
export function formatLongDate(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "UTC" }).format(asUtcDate(value));
}

/** yyyy-MM-dd (sitemap). */
export function formatIsoDate(value: string | Date): string {
  return asUtcDate(value).toISOString().slice(0, 10);
}
