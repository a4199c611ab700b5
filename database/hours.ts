// Structured opening hours as stored in `restaurants.hours` (ADR 016). Plain types, shared by the
// schema, the server and the pages (no Drizzle, so the browser bundle may import them).

/** "HH:MM", 00:00–23:59, Tel Aviv time. */
export type Clock = string;

/** A Clock's one spelling: two digits each, 00:00 to 23:59 (the hours and minutes captured). */
export const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isClock(value: unknown): value is Clock {
  return typeof value === "string" && CLOCK.test(value);
}

/** One opening range. `to` at or before `from` runs past midnight (18:00–02:00). */
export interface TimeRange {
  from: Clock;
  to: Clock;
}

/** Before Shabbat or a Yom Tov: closes N minutes before candle lighting, or at a fixed time (never later than candle lighting). */
export type BeforeRest = { kind: "candles"; minutes: number } | { kind: "fixed"; time: Clock };
/** After Shabbat or a Yom Tov: opens N minutes after it ends, or at a fixed time (never earlier). */
export type AfterRest = { kind: "havdalah"; minutes: number } | { kind: "fixed"; time: Clock };

export interface WeeklyHours {
  /** Seven days, Sunday first; an empty day is closed. */
  days: TimeRange[][];
  /** Closed from candle lighting to the end of every Shabbat and Yom Tov (with the margins below). */
  closedOnShabbat: boolean;
  beforeRest: BeforeRest;
  afterRest: AfterRest;
}
