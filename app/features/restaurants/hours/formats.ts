// Day names and Tel Aviv times in the page's language: the restaurant page's hours and the
// dashboard's hours editor both write them (apart from Hours.tsx, so the editor does not make the
// restaurant page fetch the week's table as a file of its own).
import type { Language } from "../../../lib/i18n/language";
import { dateFormat, telAvivDay } from "../../../lib/dates";

const LOCALES: Record<Language, string> = { en: "en-GB", he: "he-IL" };
const zone = { timeZone: "Asia/Jerusalem" } as const;

/** Sunday to Saturday in the page's language (2026-01-04 was a Sunday). */
export function weekdayNames(language: Language): string[] {
  const format = dateFormat(LOCALES[language], { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2026, 0, 4 + index)));
}

/** Tel Aviv times and weekdays in the page's language. */
export function formats(language: Language) {
  const time = dateFormat(LOCALES[language], { ...zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const weekday = dateFormat(LOCALES[language], { ...zone, weekday: "long" });
  const short = dateFormat("en-US", { ...zone, weekday: "short" });
  const WEEK = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  return {
    time: (at: number) => time.format(at),
    weekday: (at: number) => weekday.format(at),
    weekdayIndex: (at: number) => WEEK.indexOf(short.format(at)),
    sameDay: (a: number, b: number) => telAvivDay(new Date(a)) === telAvivDay(new Date(b)),
  };
}
