// Our weekly hours in OpenStreetMap's `opening_hours` syntax (for the open data feeds), or
// null when they cannot be said in it. Pure and browser-safe.
//
// The string describes an ordinary week: `Su-Th 12:00-23:00; Fr 11:00-14:00; Sa off` (days in
// Sunday-first order, days with the same ranges grouped, closed days last as `off`, overnight
// ranges as `18:00-02:00`, split shifts as `12:00-15:00,18:00-23:00`). Checked with the
// opening_hours.js library: no warnings, and the open/closed state it reads is ours. Closed on Shabbat, Friday's
// and Saturday's ranges are taken as Shabbat leaves them, when that is the same every week of the
// year: Friday closing at a fixed time before the earliest candle lighting, Saturday opening at a
// fixed time after the latest havdalah, or ranges that Shabbat never touches (or always covers).
// When Shabbat would cut a range at a time that moves with the seasons (candle lighting, havdalah)
// the hours are not expressible and the answer is null. Yom Tov and Pesach days move with the Hebrew
// calendar and are not in the string (the JSON feed's own `hours` says `closedOnShabbat`).
import type { Clock, TimeRange, WeeklyHours } from "../../../../database/hours";
import { isClock, minutesOf, rangeSpan } from "../hours";

/** OpenStreetMap's day abbreviations, Sunday first like `WeeklyHours.days`. */
export const OSM_DAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] as const;

/**
 * Tel Aviv's Shabbat through the year (candle lighting 20 minutes before sunset, havdalah as
 * @hebcal/core computes it; 2025–2040: Friday's candle lighting 16:15–19:31, Saturday's havdalah
 * 17:15–20:34), widened by a margin. Checked against the calendar by shabbat-bounds.server.test.ts.
 */
export const SHABBAT_BOUNDS = {
  candlesEarliest: "16:00",
  candlesLatest: "19:45",
  havdalahEarliest: "17:00",
  havdalahLatest: "20:45",
} as const satisfies Record<string, Clock>;

const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;
const DAY_MINUTES = 24 * 60;

/** A range as minutes from its day's midnight; the end may pass 24:00 (overnight). */
type Span = [number, number];

/** Where Shabbat cuts a day's ranges: a moment somewhere between `min` and `max` (equal when fixed). */
interface Cut {
  min: number;
  max: number;
}

/** When Friday's closing before Shabbat falls, through the year. */
function fridayClosing(hours: WeeklyHours): Cut {
  const earliest = minutesOf(SHABBAT_BOUNDS.candlesEarliest);
  const latest = minutesOf(SHABBAT_BOUNDS.candlesLatest);
  const before = hours.beforeRest;
  if (before.kind === "candles") return { min: earliest - before.minutes, max: latest - before.minutes };
  const fixed = minutesOf(before.time);
  // A fixed closing is never later than candle lighting (hours.ts, closedSpan).
  return { min: Math.min(earliest, fixed), max: Math.min(latest, fixed) };
}

/** When Saturday's opening after Shabbat falls, through the year. */
function saturdayOpening(hours: WeeklyHours): Cut {
  const earliest = minutesOf(SHABBAT_BOUNDS.havdalahEarliest);
  const latest = minutesOf(SHABBAT_BOUNDS.havdalahLatest);
  const after = hours.afterRest;
  if (after.kind === "havdalah") return { min: earliest + after.minutes, max: latest + after.minutes };
  const fixed = minutesOf(after.time);
  // A fixed opening is never earlier than havdalah.
  return { min: Math.max(earliest, fixed), max: Math.max(latest, fixed) };
}

/** Friday's ranges as Shabbat leaves them every week, or null when that depends on the season. */
function beforeShabbat(spans: Span[], closing: Cut): Span[] | null {
  const kept: Span[] = [];
  for (const [from, to] of spans) {
    if (to <= closing.min) kept.push([from, to]);
    else if (from >= closing.max) continue;
    else if (closing.min === closing.max) {
      if (from < closing.min) kept.push([from, closing.min]);
    } else return null;
  }
  return kept;
}

/** Saturday's ranges as Shabbat leaves them every week, or null when that depends on the season. */
function afterShabbat(spans: Span[], opening: Cut): Span[] | null {
  const kept: Span[] = [];
  for (const [from, to] of spans) {
    if (from >= opening.max) kept.push([from, to]);
    else if (to <= opening.min) continue;
    else if (opening.min === opening.max) {
      if (to > opening.min) kept.push([opening.min, to]);
    } else return null;
  }
  return kept;
}

/** A day's spans in time order, a repeated one once. */
function ordered(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return sorted.filter((span, i) => i === 0 || span[0] !== sorted[i - 1]?.[0] || span[1] !== sorted[i - 1]?.[1]);
}

const two = (n: number) => String(n).padStart(2, "0");

/** A time of day in OSM's form; the end of a range may say 24:00 (midnight) or, overnight, the next day's time. */
function clockOf(minutes: number, end: boolean): string {
  if (end && minutes === DAY_MINUTES) return "24:00";
  const inDay = minutes % DAY_MINUTES;
  return `${two(Math.floor(inDay / 60))}:${two(inDay % 60)}`;
}

function spanText([from, to]: Span): string | null {
  // A range of a whole day or more from a time other than midnight has no OSM form short of 48:00 notation.
  if (to - from >= DAY_MINUTES && from !== 0) return null;
  return `${clockOf(from, false)}-${clockOf(to, true)}`;
}

/** "Su-Tu,Th" for the days 0, 1, 2 and 4 (runs of consecutive days as ranges). */
function daysText(days: number[]): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= days.length; i++) {
    if (i < days.length && days[i] === (days[i - 1] ?? -2) + 1) continue;
    const first = days[start] ?? 0;
    const last = days[i - 1] ?? 0;
    const name = (day: number) => OSM_DAYS[day] ?? "";
    parts.push(first === last ? name(first) : `${name(first)}${last === first + 1 ? "," : "-"}${name(last)}`);
    start = i;
  }
  return parts.join(",");
}

const isRange = (range: unknown): range is TimeRange =>
  typeof range === "object" && range !== null && isClock((range as TimeRange).from) && isClock((range as TimeRange).to);

/**
 * The week in OSM `opening_hours` syntax, or null: no structured hours, a week closed every day (nothing
 * to say), a malformed week, or Shabbat cutting a range at a time that moves with the seasons.
 */
export function osmOpeningHours(hours: WeeklyHours | undefined | null): string | null {
  if (!hours || !Array.isArray(hours.days) || hours.days.length !== 7) return null;
  const week: Span[][] = [];
  for (const ranges of hours.days) {
    if (!Array.isArray(ranges) || !ranges.every(isRange)) return null;
    week.push(ordered(ranges.map(rangeSpan)));
  }
  if (hours.closedOnShabbat) {
    const closing = fridayClosing(hours);
    // Thursday's night runs into Friday: a closing before its end cuts it too.
    const thursday = beforeShabbat(week[THURSDAY] ?? [], {
      min: closing.min + DAY_MINUTES,
      max: closing.max + DAY_MINUTES,
    });
    const friday = beforeShabbat(week[FRIDAY] ?? [], closing);
    const saturday = afterShabbat(week[SATURDAY] ?? [], saturdayOpening(hours));
    if (!thursday || !friday || !saturday) return null;
    week[THURSDAY] = thursday;
    week[FRIDAY] = friday;
    week[SATURDAY] = saturday;
  }
  if (week.every((spans) => spans.length === 0)) return null;
  // Days with the same ranges, in the order each set first appears; closed days last.
  const groups = new Map<string, number[]>();
  const closed: number[] = [];
  const spills = week.map((spans) => spans.some(([, to]) => to > DAY_MINUTES));
  for (const [day, spans] of week.entries()) {
    if (spans.length === 0) {
      closed.push(day);
      continue;
    }
    const texts = spans.map(spanText);
    if (texts.some((text) => text === null)) return null;
    const key = texts.join(",");
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  // A rule (`; `) replaces what earlier rules said of its days, the night before's hours past
  // midnight included (opening_hours.js, OSM's validators). The groups' days never overlap, so in a
  // week with a night past midnight every rule is an additional one (`, `), which keeps those
  // hours, and closed days are left unsaid (closed by default) instead of `off`, which would not.
  const overnight = spills.includes(true);
  const rules = [...groups].map(([ranges, days]) => `${daysText(days)} ${ranges}`);
  if (overnight) return rules.join(", ");
  if (closed.length > 0) rules.push(`${daysText(closed)} off`);
  return rules.join("; ");
}
