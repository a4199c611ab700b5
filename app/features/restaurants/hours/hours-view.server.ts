// What the restaurant page shows of its hours (ADR 016) beside the week itself, prepared on the
// server: the week's table as it will really be, the coming Shabbat or Yom Tov with its real times,
// and the timeline "open now" is read from. All three from the same windows, so they agree.
import {
  comingRestOf,
  timelineOf,
  weekTableOf,
  type ComingRest,
  type DayExceptions,
  type TimeRange,
  type Transition,
  type WeeklyHours,
} from "./hours";
import { windowsAround } from "./rest-windows.server";

export type { ComingRest } from "./hours";

export interface HoursView {
  /** Sunday to Saturday, each day's ranges on its next occurrence, Shabbat and holidays taken out. */
  week: TimeRange[][];
  /** The next rest window not yet over, when the restaurant closes for it. */
  rest: ComingRest | null;
  timeline: Transition[];
}

/** `exceptions`: days whose hours are not the week's (Pesach's). */
export function hoursViewOf(hours: WeeklyHours, now = Date.now(), exceptions?: DayExceptions): HoursView {
  const windows = windowsAround(now);
  return {
    week: weekTableOf(hours, windows, now, exceptions),
    rest: comingRestOf(hours, windows, now, exceptions),
    timeline: timelineOf(hours, windows, now, undefined, exceptions),
  };
}
