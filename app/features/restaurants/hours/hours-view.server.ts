// What the restaurant page shows of its hours (issue 15) beside the week itself, prepared on the
// server: the coming Shabbat or Yom Tov with its real times, and the timeline "open now" is read from.
import { closedSpan, openIntervals, timelineOf, type DayExceptions, type Transition, type WeeklyHours } from "./hours";
import { windowsAround } from "./rest-windows.server";

const HOUR = 60 * 60_000;

export interface ComingRest {
  holiday: boolean;
  /** Candle lighting and the end (havdalah), epoch ms. */
  candles: number;
  havdalah: number;
  /** The restaurant's last closing before it, and first opening after it (null: none that day). */
  closesAt: number | null;
  opensAt: number | null;
}

export interface HoursView {
  /** The next rest window not yet over, when the restaurant closes for it. */
  rest: ComingRest | null;
  timeline: Transition[];
}

/** `exceptions`: days whose hours are not the week's (Pesach's, issue 29). */
export function hoursViewOf(hours: WeeklyHours, now = Date.now(), exceptions?: DayExceptions): HoursView {
  const windows = windowsAround(now);
  const next = hours.closedOnShabbat ? windows.find((window) => closedSpan(hours, window)[1] > now) : undefined;
  let rest: ComingRest | null = null;
  if (next) {
    const [start, end] = closedSpan(hours, next);
    const intervals = openIntervals(hours, windows, now, undefined, exceptions);
    // The closing the day it starts (within 18 hours before), and the opening when it is over.
    const before = intervals.filter(([, close]) => close <= start && close > start - 18 * HOUR).at(-1);
    const after = intervals.find(([open]) => open >= end && open < end + 18 * HOUR);
    rest = { holiday: next.holiday, candles: next.start, havdalah: next.end, closesAt: before?.[1] ?? null, opensAt: after?.[0] ?? null };
  }
  return { rest, timeline: timelineOf(hours, windows, now, undefined, exceptions) };
}
