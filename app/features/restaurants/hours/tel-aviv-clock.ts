// Tel Aviv's times and weekdays on the restaurant page, written without ICU. A browser loads ICU's
// data the first time a page makes a date format: 35-270 ms at a fourfold CPU slowdown, inside the
// hydration of every restaurant page with hours. The server knows the zone's rules; it sends Tel
// Aviv's offset from UTC over the days the page's hours cover (hours-view.server.ts, zoneOf), and
// the page reads its clock from that. An instant outside those days (a page kept long in a cache)
// is read with ICU's formats, as before. A test checks both against ICU, in both languages.
import type { Language } from "../../../lib/i18n/language";
import { formats } from "./formats";

/** Tel Aviv's offset from UTC from its first offset's instant to `until` (epoch ms): from each change's instant on, its minutes. */
export interface TelAvivZone {
  /** [instant, minutes east of UTC]: the first where the zone's days begin, then each change. */
  offsets: [number, number][];
  until: number;
}

/** Sunday to Saturday, as ICU's long weekday names them (en-GB, he-IL). */
const WEEKDAYS: Record<Language, string[]> = {
  en: "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" "),
  he: ["יום ראשון", "יום שני", "יום שלישי", "יום רביעי", "יום חמישי", "יום שישי", "יום שבת"],
};

export function weekdayNamesOf(language: Language): string[] {
  return WEEKDAYS[language];
}

type HoursFormats = ReturnType<typeof formats>;

/** formats(language)'s four answers, from the zone's offsets, and from ICU outside them. */
export function telAvivFormats(language: Language, zone: TelAvivZone | undefined): HoursFormats {
  let intl: HoursFormats | undefined;
  const icu = () => (intl ??= formats(language));
  // Tel Aviv's wall clock at an instant, as a UTC date; null outside the zone's days.
  const wall = (at: number): Date | null => {
    const first = zone?.offsets[0];
    if (!zone || !first || at < first[0] || at > zone.until) return null;
    let minutes = first[1];
    for (const [change, offset] of zone.offsets) if (change <= at) minutes = offset;
    return new Date(at + minutes * 60_000);
  };
  const two = (n: number) => String(n).padStart(2, "0");
  return {
    time: (at) => {
      const clock = wall(at);
      return clock ? `${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}` : icu().time(at);
    },
    weekday: (at) => {
      const clock = wall(at);
      return (clock && WEEKDAYS[language][clock.getUTCDay()]) ?? icu().weekday(at);
    },
    weekdayIndex: (at) => {
      const clock = wall(at);
      return clock ? clock.getUTCDay() : icu().weekdayIndex(at);
    },
    sameDay: (a, b) => {
      const [first, second] = [wall(a), wall(b)];
      // The day as yyyy-MM-dd, written here: dates.ts's formatIsoDate would put itself in every page's shared file.
      const day = (clock: Date) => clock.toISOString().slice(0, 10);
      return first && second ? day(first) === day(second) : icu().sameDay(a, b);
    },
  };
}
