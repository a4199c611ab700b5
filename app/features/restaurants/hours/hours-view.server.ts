// What the restaurant page shows of its hours (ADR 016) beside the week itself, prepared on the
// server: the week's table as it will really be, the coming Shabbat or Yom Tov with its real times,
// and the timeline "open now" is read from. All three from the same windows, so they agree.
import {
  comingRestOf,
  telAvivOffset,
  timelineOf,
  weekTableOf,
  type ComingRest,
  type DayExceptions,
  type TimeRange,
  type Transition,
  type WeeklyHours,
} from "./hours";
import { windowsAround } from "./rest-windows.server";
import type { TelAvivZone } from "./tel-aviv-clock";

export type { ComingRest } from "./hours";

export interface HoursView {
  /** Sunday to Saturday, each day's ranges on its next occurrence, Shabbat and holidays taken out. */
  week: TimeRange[][];
  /** The next rest window not yet over, when the restaurant closes for it. */
  rest: ComingRest | null;
  timeline: Transition[];
  /** Tel Aviv's offsets over the days these cover, for the page to read its clock without ICU. */
  zone: TelAvivZone;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Tel Aviv's offset from UTC from `from` to `until`: the first, then each change. Israel changes its
 * clocks on a whole hour, at most once in a day, so a day's two ends tell whether it changed that day,
 * and halving the day by hours finds the instant it did.
 */
export function zoneOf(from: number, until: number): TelAvivZone {
  const start = Math.floor(from / HOUR) * HOUR;
  const offsets: [number, number][] = [[from, telAvivOffset(from)]];
  let before = telAvivOffset(start);
  for (let day = start; day < until; day += DAY) {
    const end = Math.min(day + DAY, Math.ceil(until / HOUR) * HOUR);
    const after = telAvivOffset(end);
    if (before === after) continue;
    // The change is in (low, high]: the first whole hour with the new offset.
    let [low, high] = [day, end];
    while (high - low > HOUR) {
      const middle = low + Math.floor((high - low) / 2 / HOUR) * HOUR;
      if (telAvivOffset(middle) === before) low = middle;
      else high = middle;
    }
    if (high > from) offsets.push([high, after]);
    before = after;
  }
  return { offsets, until };
}

/** `exceptions`: days whose hours are not the week's (Pesach's). */
export function hoursViewOf(hours: WeeklyHours, now = Date.now(), exceptions?: DayExceptions): HoursView {
  const windows = windowsAround(now);
  const rest = comingRestOf(hours, windows, now, exceptions);
  const timeline = timelineOf(hours, windows, now, undefined, exceptions);
  // Every instant the page reads: the timeline's, the coming rest's, and the visitor's clock while
  // the page is fresh (from a day before this render, in case the visitor's clock is behind).
  const first = Math.min(now - DAY, ...timeline.map((entry) => entry.at));
  const last = Math.max(...timeline.map((entry) => entry.until ?? entry.at), rest?.opensAt ?? 0, rest?.havdalah ?? 0);
  return {
    week: weekTableOf(hours, windows, now, exceptions),
    rest,
    timeline,
    zone: zoneOf(first, Math.max(last, now + DAY)),
  };
}
