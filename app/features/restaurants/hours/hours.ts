// Opening hours as data (ADR 016), and the one answer to "is it open now?". Pure and browser-safe:
// the Shabbat and Yom Tov windows it needs (candle lighting to havdalah, computed on the server
// with @hebcal/core, which is GPL and never shipped to the browser) come in as plain instants.
// Every time of day is Tel Aviv's (Asia/Jerusalem), whatever the server's or the browser's zone.

import { CLOCK, type Clock, type TimeRange, type WeeklyHours } from "../../../../database/hours";
import { telAvivDay } from "../../../lib/dates";

export type { AfterRest, BeforeRest, Clock, TimeRange, WeeklyHours } from "../../../../database/hours";
// The one spelling of a time of day is the stored shape's (database/hours.ts).
export { isClock } from "../../../../database/hours";

/** A Shabbat or Yom Tov (or both, back to back): candle lighting to havdalah, in epoch ms. */
export interface RestWindow {
  start: number;
  end: number;
  /** True when a Yom Tov is part of it (Yom Kippur included). */
  holiday: boolean;
}

export type HoursStatus =
  { open: true; until: number } | { open: false; opensAt: number | null; reason: "shabbat" | "holiday" | null };

export const MAX_RANGES_PER_DAY = 4;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function minutesOf(clock: Clock): number {
  const [, h, m] = CLOCK.exec(clock) ?? [];
  return Number(h) * 60 + Number(m);
}

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Jerusalem",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Tel Aviv's wall clock at an instant, as if it were UTC (so its offset is the difference). */
function wallClock(instant: number): number {
  const parts = Object.fromEntries(zoneParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** Tel Aviv's offset from UTC at an instant, in minutes (120 in winter, 180 in summer). */
export function telAvivOffset(instant: number): number {
  return Math.round((wallClock(instant) - instant) / MINUTE);
}

/** The day (epoch ms of its UTC midnight, used as a label) Tel Aviv is in at an instant. */
export function telAvivDayStart(instant: number): number {
  return Date.parse(`${telAvivDay(new Date(instant))}T00:00:00Z`);
}

/**
 * The instant Tel Aviv's clocks show `minutes` after midnight on `day` (a UTC-midnight label). In
 * the spring gap (02:00–03:00 does not exist) the time moves forward; in the autumn repeat the
 * first of the two instants is taken.
 */
export function telAvivInstant(day: number, minutes: number): number {
  const wall = day + minutes * MINUTE;
  // Israel is UTC+2 or UTC+3: try both offsets, keep the one whose wall clock matches.
  for (const offsetHours of [3, 2]) {
    const guess = wall - offsetHours * 60 * MINUTE;
    if (wallClock(guess) === wall) return guess;
  }
  return wall - 2 * 60 * MINUTE;
}

/** A range's minutes from its day's midnight; one past midnight ends after 24:00. */
export function rangeSpan(range: TimeRange): [number, number] {
  const from = minutesOf(range.from);
  const to = minutesOf(range.to);
  return [from, to > from ? to : to + 24 * 60];
}

/** The weekday (0 = Sunday) of a UTC-midnight day label. */
const weekdayOf = (day: number) => new Date(day).getUTCDay();

type Interval = [number, number];

/**
 * Days whose ranges are not the week's (Chol HaMoed's hours, closed during Pesach): a
 * Tel Aviv day ("YYYY-MM-DD") and its ranges instead, none for closed. Shabbat and Yom Tov are
 * still taken out after.
 */
export type DayExceptions = Readonly<Record<string, readonly TimeRange[]>>;

/** The weekly ranges laid on the calendar from `fromDay` for `days` days (a range past midnight ends the next day). */
function weeklyIntervals(
  hours: WeeklyHours,
  fromDay: number,
  days: number,
  exceptions: DayExceptions = {},
): Interval[] {
  const intervals: Interval[] = [];
  for (let i = 0; i < days; i++) {
    const day = fromDay + i * DAY;
    const label = new Date(day).toISOString().slice(0, 10);
    for (const range of exceptions[label] ?? hours.days[weekdayOf(day)] ?? []) {
      const [from, to] = rangeSpan(range);
      intervals.push([telAvivInstant(day, from), telAvivInstant(day, to)]);
    }
  }
  return intervals;
}

/** When a rest window keeps the restaurant closed: from its closing before to its opening after. */
export function closedSpan(hours: Pick<WeeklyHours, "beforeRest" | "afterRest">, window: RestWindow): Interval {
  const { beforeRest: before, afterRest: after } = hours;
  const start =
    before.kind === "candles"
      ? window.start - before.minutes * MINUTE
      : Math.min(window.start, telAvivInstant(telAvivDayStart(window.start), minutesOf(before.time)));
  const end =
    after.kind === "havdalah"
      ? window.end + after.minutes * MINUTE
      : Math.max(window.end, telAvivInstant(telAvivDayStart(window.end), minutesOf(after.time)));
  return [start, end];
}

function subtract(intervals: Interval[], cut: Interval): Interval[] {
  return intervals.flatMap(([start, end]): Interval[] => {
    if (cut[1] <= start || cut[0] >= end) return [[start, end]];
    const pieces: Interval[] = [];
    if (cut[0] > start) pieces.push([start, cut[0]]);
    if (cut[1] < end) pieces.push([cut[1], end]);
    return pieces;
  });
}

function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([...interval]);
  }
  return merged;
}

/** The times the restaurant is open from the day before `at` for `days` days, Shabbat and Yom Tov taken out. */
export function openIntervals(
  hours: WeeklyHours,
  windows: readonly RestWindow[],
  at: number,
  days = 9,
  exceptions?: DayExceptions,
): Interval[] {
  const firstDay = telAvivDayStart(at) - DAY;
  let intervals = weeklyIntervals(hours, firstDay, days + 1, exceptions);
  if (hours.closedOnShabbat) for (const window of windows) intervals = subtract(intervals, closedSpan(hours, window));
  return merge(intervals);
}

/** Open or closed at `at`, until when, or when it opens next (within the coming week) and why it is closed. */
export function statusAt(
  hours: WeeklyHours,
  windows: readonly RestWindow[],
  at: number,
  exceptions?: DayExceptions,
): HoursStatus {
  const intervals = openIntervals(hours, windows, at, undefined, exceptions);
  const current = intervals.find(([start, end]) => start <= at && at < end);
  if (current) return { open: true, until: current[1] };
  const next = intervals.find(([start]) => start > at);
  const resting = hours.closedOnShabbat
    ? windows.find((window) => {
        const [start, end] = closedSpan(hours, window);
        return start <= at && at < end;
      })
    : undefined;
  return {
    open: false,
    opensAt: next ? next[0] : null,
    reason: resting ? (resting.holiday ? "holiday" : "shabbat") : null,
  };
}

/** Closed every day, closed on Shabbat and Yom Tov with no margins: where a form starts. */
export function emptyWeek(closedOnShabbat = true): WeeklyHours {
  return {
    days: [[], [], [], [], [], [], []],
    closedOnShabbat,
    beforeRest: { kind: "candles", minutes: 0 },
    afterRest: { kind: "havdalah", minutes: 0 },
  };
}

/**
 * From one instant on: open (until the end of the range) or closed (until the next opening, null
 * if none in the horizon), and why a closed stretch is closed. The server sends a restaurant's
 * timeline for the coming week; the browser only picks the current entry (hours-status.ts).
 */
export interface Transition {
  at: number;
  open: boolean;
  until: number | null;
  reason: "shabbat" | "holiday" | null;
}

export function timelineOf(
  hours: WeeklyHours,
  windows: readonly RestWindow[],
  from: number,
  days = 8,
  exceptions?: DayExceptions,
): Transition[] {
  const intervals = openIntervals(hours, windows, from, days, exceptions);
  const spans = hours.closedOnShabbat
    ? windows.map((window) => ({ span: closedSpan(hours, window), holiday: window.holiday }))
    : [];
  const closed = (start: number, end: number | null): Transition => {
    const rest = spans.find(({ span }) => span[0] < (end ?? Infinity) && span[1] > start);
    return { at: start, open: false, until: end, reason: rest ? (rest.holiday ? "holiday" : "shabbat") : null };
  };
  const timeline: Transition[] = [closed(from - DAY, intervals[0]?.[0] ?? null)];
  intervals.forEach(([start, end], index) => {
    timeline.push({ at: start, open: true, until: end, reason: null });
    timeline.push(closed(end, intervals[index + 1]?.[0] ?? null));
  });
  return timeline;
}

/** "HH:MM" on Tel Aviv's clock at an instant. */
function clockAt(instant: number): Clock {
  const minutes = Math.floor((wallClock(instant) % DAY) / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The week's table as it will really be (one truth with the status line and the Shabbat box): for
 * each weekday, Sunday first, its ranges on its next occurrence from today on, with Shabbat, Yom Tov
 * and exceptional days taken out. A Saturday that opens at 17:00 but after Shabbat ends at 17:46
 * reads 17:46; a Friday cut before candle lighting ends then; a range past midnight stays on the
 * night it opened.
 */
export function weekTableOf(
  hours: WeeklyHours,
  windows: readonly RestWindow[],
  now: number,
  exceptions?: DayExceptions,
): TimeRange[][] {
  const today = telAvivDayStart(now);
  const intervals = openIntervals(hours, windows, now, 8, exceptions);
  const table: TimeRange[][] = [[], [], [], [], [], [], []];
  for (let i = 0; i < 7; i++) {
    const day = today + i * DAY;
    const ranges = intervals
      .filter(([start]) => telAvivDayStart(start) === day)
      .map(([start, end]) => ({ from: clockAt(start), to: clockAt(end) }));
    table[weekdayOf(day)] = ranges;
  }
  return table;
}

/** The coming Shabbat or Yom Tov the restaurant closes for, with its times (the restaurant page's box). */
export interface ComingRest {
  holiday: boolean;
  /** Candle lighting and the end (havdalah), epoch ms. */
  candles: number;
  havdalah: number;
  /**
   * Its last closing on the day the rest begins (a range that opened that day and ends before candle
   * lighting), and its first opening after it; null: none. A night's range past midnight before it
   * (Thursday 18:00–01:00) belongs to its night, not to the eve.
   */
  closesAt: number | null;
  opensAt: number | null;
}

const HOUR = 60 * MINUTE;

/** The next rest window not yet over that the restaurant closes for, or null. */
export function comingRestOf(
  hours: WeeklyHours,
  windows: readonly RestWindow[],
  now: number,
  exceptions?: DayExceptions,
): ComingRest | null {
  const next = hours.closedOnShabbat ? windows.find((window) => closedSpan(hours, window)[1] > now) : undefined;
  if (!next) return null;
  const [start, end] = closedSpan(hours, next);
  const intervals = openIntervals(hours, windows, now, undefined, exceptions);
  const eve = telAvivDayStart(next.start);
  const before = intervals.filter(([open, close]) => close <= start && telAvivDayStart(open) === eve).at(-1);
  const after = intervals.find(([open]) => open >= end && open < end + 18 * HOUR);
  return {
    holiday: next.holiday,
    candles: next.start,
    havdalah: next.end,
    closesAt: before?.[1] ?? null,
    opensAt: after?.[0] ?? null,
  };
}
