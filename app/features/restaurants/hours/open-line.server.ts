// The server's half of a card's "open now" (open-line.ts): for the coming days, the state at every
// instant it may change (an opening, a closing, a rest beginning or ending), judged as statusAt
// (hours.ts) judges one instant, so the line says what the search index's cards say later.
import { closedSpan, openIntervals, type DayExceptions, type RestWindow, type WeeklyHours } from "./hours";
import { CLOSED, HOLIDAY, OPEN, SHABBAT, type OpenLine } from "./open-line";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** The days worked out, today's first, as the restaurant page's timeline (a tab left open longer stops saying). */
const HORIZON_DAYS = 8;

export function openLineOf(
  hours: WeeklyHours,
  windows: readonly RestWindow[],
  now: number,
  exceptions?: DayExceptions,
): OpenLine {
  const intervals = openIntervals(hours, windows, now, HORIZON_DAYS, exceptions);
  const rests = hours.closedOnShabbat
    ? windows.map((window) => ({ span: closedSpan(hours, window), holiday: window.holiday }))
    : [];
  const stateAt = (at: number) => {
    if (intervals.some(([start, end]) => start <= at && at < end)) return OPEN;
    const rest = rests.find(({ span: [start, end] }) => start <= at && at < end);
    return rest ? (rest.holiday ? HOLIDAY : SHABBAT) : CLOSED;
  };
  // From an hour ago (a browser's clock a little behind the server's) to where the last day may not
  // know the next opening.
  const from = now - HOUR;
  const to = now + (HORIZON_DAYS - 1) * DAY;
  const changes = [...intervals.flat(), ...rests.flatMap(({ span }) => span)]
    .filter((at) => at > from && at < to)
    .sort((a, b) => a - b);
  const line: number[] = [];
  let last: number | undefined;
  let minute = 0;
  const step = (at: number, state: number) => {
    line.push(Math.floor(at / 60_000) - minute, state);
    minute = Math.floor(at / 60_000);
    last = state;
  };
  for (const at of [from, ...changes]) {
    const state = stateAt(at);
    if (state !== last) step(at, state);
  }
  step(to, -1);
  return line;
}
