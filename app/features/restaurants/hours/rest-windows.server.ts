// Shabbat and Yom Tov in Tel Aviv (ADR 016): candle lighting to havdalah, from @hebcal/core.
// Server only: the library is GPL-2.0 (ADR 016), so the browser gets these windows as plain
// instants (with the page's data and the search index), never the library.
import { CandleLightingEvent, flags, HavdalahEvent, HebrewCalendar, Location } from "@hebcal/core";
import type { RestWindow } from "./hours";

/** Tel Aviv, in Israel (one day of Yom Tov, not the diaspora's two). */
const TEL_AVIV = new Location(32.0809, 34.7806, true, "Asia/Jerusalem", "Tel Aviv", "IL");
/** Minutes before sunset for candle lighting: Tel Aviv's custom (Jerusalem's is 40, Haifa's 30). */
export const CANDLE_LIGHTING_MINUTES = 20;

const DAY = 24 * 60 * 60_000;

/**
 * The windows overlapping [from, to]: each from a candle lighting to the havdalah that ends it
 * (Shabbat and a Yom Tov back to back are one window; a two-day Rosh Hashana too).
 */
export function restWindows(from: Date, to: Date): RestWindow[] {
  // Start early enough to see the candle lighting of a window already under way.
  const events = HebrewCalendar.calendar({
    start: new Date(from.getTime() - 3 * DAY),
    end: new Date(to.getTime() + DAY),
    location: TEL_AVIV,
    il: true,
    candlelighting: true,
    candleLightingMins: CANDLE_LIGHTING_MINUTES,
    noMinorFast: true,
    noModern: true,
    noRoshChodesh: true,
    noSpecialShabbat: true,
  });
  const holidays = events
    .filter((event) => event.getFlags() & flags.CHAG)
    .map((event) => event.getDate().greg().getTime());
  const windows: RestWindow[] = [];
  let start: number | null = null;
  for (const event of events) {
    if (event instanceof CandleLightingEvent) {
      // A second candle lighting inside a window (Shabbat into Yom Tov) does not start another.
      start ??= event.eventTime.getTime();
    } else if (event instanceof HavdalahEvent && start !== null) {
      const [from, end] = [start, event.eventTime.getTime()];
      // hebcal dates events by local calendar day at midnight: a Yom Tov day lies between the
      // window's first evening and its last day.
      const holiday = holidays.some((day) => day > from - DAY && day <= end);
      windows.push({ start: from, end, holiday });
      start = null;
    }
  }
  return windows.filter((window) => window.end > from.getTime() && window.start < to.getTime());
}

let cached: { hour: number; windows: RestWindow[] } | undefined;

/** The windows from two days before `now` to ten days after, computed once an hour (pages ask on every request). */
export function windowsAround(now = Date.now()): RestWindow[] {
  const hour = Math.floor(now / (60 * 60_000));
  if (cached?.hour !== hour) cached = { hour, windows: restWindows(new Date(now - 2 * DAY), new Date(now + 10 * DAY)) };
  return cached.windows;
}
