// "Is it open now?" at fixed clocks (ADR 016), with the real Shabbat and Yom Tov windows of Tel
// Aviv from @hebcal/core (server-side; the pure module only takes their instants).
import { describe, expect, it } from "vitest";
import {
  closedSpan,
  comingRestOf,
  emptyWeek,
  statusAt,
  telAvivInstant,
  telAvivDayStart,
  timelineOf,
  weekTableOf,
  type DayExceptions,
  type WeeklyHours,
} from "./hours";
import { restWindows } from "./rest-windows.server";
import { statusNow } from "./hours-status";

/** An instant from Tel Aviv's wall clock, "2026-09-16 13:00". */
function tlv(local: string): number {
  const [day, time] = local.split(" ");
  const [h, m] = time!.split(":").map(Number);
  return telAvivInstant(Date.parse(`${day}T00:00:00Z`), h! * 60 + m!);
}
const at = (instant: number) => new Date(instant).toISOString();

function week(days: Partial<Record<number, [string, string][]>>, options: Partial<WeeklyHours> = {}): WeeklyHours {
  const base = emptyWeek();
  return { ...base, ...options, days: base.days.map((_, i) => (days[i] ?? []).map(([from, to]) => ({ from, to }))) };
}

const weekdays = (range: [string, string][]) => ({ 0: range, 1: range, 2: range, 3: range, 4: range });
// Sunday–Thursday 12:00–23:00, Friday 11:00–22:00, Saturday 18:00–23:30; closes an hour before
// candle lighting and opens an hour after Shabbat ends.
const typical = week(
  { ...weekdays([["12:00", "23:00"]]), 5: [["11:00", "22:00"]], 6: [["18:00", "23:30"]] },
  { beforeRest: { kind: "candles", minutes: 60 }, afterRest: { kind: "havdalah", minutes: 60 } },
);
const windows = restWindows(new Date("2026-08-01T00:00:00Z"), new Date("2028-12-31T00:00:00Z"));
const status = (hours: WeeklyHours, local: string) => {
  const result = statusAt(hours, windows, tlv(local));
  return result.open
    ? { open: true, until: at(result.until) }
    : { open: false, opensAt: result.opensAt === null ? null : at(result.opensAt), reason: result.reason };
};

describe("Tel Aviv's clock", () => {
  it("turns wall times into instants across both clock changes", () => {
    expect(at(tlv("2026-09-16 13:00"))).toBe("2026-09-16T10:00:00.000Z"); // summer, UTC+3
    expect(at(tlv("2026-12-16 13:00"))).toBe("2026-12-16T11:00:00.000Z"); // winter, UTC+2
    expect(at(tlv("2026-10-25 12:00"))).toBe("2026-10-25T10:00:00.000Z"); // the day clocks go back
    expect(at(tlv("2027-03-26 12:00"))).toBe("2027-03-26T09:00:00.000Z"); // the day clocks go forward
    // 02:30 does not exist on the spring night: it is taken as 03:30, an hour later.
    expect(at(tlv("2027-03-26 02:30"))).toBe("2027-03-26T00:30:00.000Z");
    expect(telAvivDayStart(Date.parse("2026-09-16T21:30:00Z"))).toBe(Date.parse("2026-09-17T00:00:00Z"));
  });
});

describe("the Shabbat and Yom Tov windows (hebcal, Tel Aviv, Israel's calendar)", () => {
  it("run from candle lighting (20 minutes before sunset) to havdalah, one window for back-to-back days", () => {
    const find = (day: string) => windows.find((window) => at(window.start).startsWith(day));
    expect(find("2026-09-18")).toMatchObject({
      start: Date.parse("2026-09-18T15:23:00Z"),
      end: Date.parse("2026-09-19T16:18:00Z"),
      holiday: false,
    });
    // Rosh Hashana 5787: Friday night to Sunday night, one window, a holiday.
    expect(find("2026-09-11")).toMatchObject({ end: Date.parse("2026-09-13T16:26:00Z"), holiday: true });
    // Yom Kippur 5787 starts on Sunday evening.
    expect(find("2026-09-20")).toMatchObject({ end: Date.parse("2026-09-21T16:15:00Z"), holiday: true });
    // Israel keeps one day of Yom Tov: Shmini Atzeret ends on its own evening.
    expect(find("2026-10-02")).toMatchObject({ end: Date.parse("2026-10-03T16:00:00Z"), holiday: true });
  });
});

describe("statusAt: open or closed, until when, and when it opens", () => {
  it("on a weekday: open until the evening, closed in the morning until noon", () => {
    expect(status(typical, "2026-09-16 13:00")).toEqual({ open: true, until: at(tlv("2026-09-16 23:00")) });
    expect(status(typical, "2026-09-16 09:00")).toEqual({
      open: false,
      opensAt: at(tlv("2026-09-16 12:00")),
      reason: null,
    });
  });

  it("on Friday: open until an hour before candle lighting, then closed for Shabbat until an hour after it ends", () => {
    // Candle lighting 18:23, Shabbat ends 19:18 (Tel Aviv, 18–19 September 2026).
    expect(status(typical, "2026-09-18 14:00")).toEqual({ open: true, until: at(tlv("2026-09-18 17:23")) });
    expect(status(typical, "2026-09-18 17:30")).toEqual({
      open: false,
      opensAt: at(tlv("2026-09-19 20:18")),
      reason: "shabbat",
    });
  });

  it("on Shabbat afternoon and Saturday night before the opening: closed for Shabbat; after it, open until 23:30", () => {
    expect(status(typical, "2026-09-19 14:00")).toEqual({
      open: false,
      opensAt: at(tlv("2026-09-19 20:18")),
      reason: "shabbat",
    });
    expect(status(typical, "2026-09-19 20:00")).toEqual({
      open: false,
      opensAt: at(tlv("2026-09-19 20:18")),
      reason: "shabbat",
    });
    expect(status(typical, "2026-09-19 20:30")).toEqual({ open: true, until: at(tlv("2026-09-19 23:30")) });
  });

  it("a fixed Friday closing and Saturday opening hold, but never inside Shabbat", () => {
    const fixed = {
      ...typical,
      beforeRest: { kind: "fixed", time: "15:00" },
      afterRest: { kind: "fixed", time: "20:00" },
    } as const;
    expect(status(fixed, "2026-09-18 14:00")).toEqual({ open: true, until: at(tlv("2026-09-18 15:00")) });
    expect(status(fixed, "2026-09-19 20:05")).toEqual({ open: true, until: at(tlv("2026-09-19 23:30")) });
    // A fixed opening before Shabbat has ended (19:00, havdalah 19:18) waits for havdalah.
    const early = { ...typical, afterRest: { kind: "fixed", time: "19:00" } } as const;
    const window = windows.find((w) => at(w.start).startsWith("2026-09-18"))!;
    expect(closedSpan(early, window)[1]).toBe(window.end);
  });

  it("a range past midnight keeps it open into the next day", () => {
    const late = week({ 3: [["18:00", "02:00"]], 4: [["18:00", "02:00"]] });
    expect(status(late, "2026-09-17 01:00")).toEqual({ open: true, until: at(tlv("2026-09-17 02:00")) });
    expect(status(late, "2026-09-17 03:00")).toEqual({
      open: false,
      opensAt: at(tlv("2026-09-17 18:00")),
      reason: null,
    });
  });

  it("on Yom Kippur (a Monday in 2026): closed for the holiday, opens after it ends", () => {
    // Yom Kippur ends 19:15; opening an hour later.
    expect(status(typical, "2026-09-21 12:00")).toEqual({
      open: false,
      opensAt: at(tlv("2026-09-21 20:15")),
      reason: "holiday",
    });
    // Its eve (Sunday) closes an hour before candle lighting (18:20).
    expect(status(typical, "2026-09-20 17:00")).toEqual({ open: true, until: at(tlv("2026-09-20 17:20")) });
  });

  it("on Rosh Hashana on a weekday (Thursday–Friday 2028, into Shabbat): closed through all three days", () => {
    const result = status(typical, "2028-09-21 13:00");
    expect(result).toMatchObject({ open: false, reason: "holiday" });
    // Opens on Saturday night, an hour after the end of Shabbat.
    expect(new Date((result as { opensAt: string }).opensAt).getUTCDay()).toBe(6);
  });

  it("a place open on Shabbat ignores the windows", () => {
    const open = { ...week({ 6: [["12:00", "23:00"]] }), closedOnShabbat: false };
    expect(status(open, "2026-09-19 13:00")).toEqual({ open: true, until: at(tlv("2026-09-19 23:00")) });
  });

  it("across the clock changes: the autumn Sunday and the spring Friday night", () => {
    expect(status(typical, "2026-10-25 12:30")).toEqual({ open: true, until: at(tlv("2026-10-25 23:00")) });
    const late = week({ 4: [["18:00", "02:00"]] }, { closedOnShabbat: false });
    // Thursday 25 March 2027, 18:00 to 02:00 — the night the clocks go forward at 02:00.
    expect(status(late, "2027-03-26 01:30")).toEqual({ open: true, until: "2027-03-26T00:00:00.000Z" });
  });

  it("closed all week: no next opening", () => {
    expect(status(emptyWeek(), "2026-09-16 13:00")).toEqual({ open: false, opensAt: null, reason: null });
  });
});

describe("timelineOf and statusNow: what the browser reads", () => {
  it("agrees with statusAt at every hour of a week around Shabbat", async () => {
    const { timelineOf } = await import("./hours");
    const { statusNow } = await import("./hours-status");
    const from = tlv("2026-09-16 00:00");
    const timeline = timelineOf(typical, windows, from);
    for (let t = from; t < from + 7 * 24 * 3_600_000; t += 3_600_000) {
      const expected = statusAt(typical, windows, t);
      const entry = statusNow(timeline, t)!;
      expect({ open: entry.open, until: entry.until, reason: entry.open ? undefined : entry.reason }, at(t)).toEqual(
        expected.open
          ? { open: true, until: expected.until, reason: undefined }
          : { open: false, until: expected.opensAt, reason: entry.reason },
      );
    }
    // Friday evening and Shabbat are "closed for Shabbat"; a Tuesday night is plainly closed.
    expect(statusNow(timeline, tlv("2026-09-19 12:00"))?.reason).toBe("shabbat");
    expect(statusNow(timeline, tlv("2026-09-16 23:30"))?.reason).toBeNull();
  });
});

// Days whose hours are not the week's (Pesach's), still closed for Shabbat and Yom Tov.
describe("day exceptions", () => {
  // Chol HaMoed 2027 runs 23–27 April; 22 and 28 April are Yom Tov. Tuesday 27 April 2027 is a weekday.
  const timelineAt = (local: string, exceptions?: DayExceptions) =>
    timelineOf(typical, windows, tlv(local), 8, exceptions);
  it("take a day's ranges instead of its weekday's, and leave the other days alone", () => {
    const exceptions: DayExceptions = { "2027-04-27": [{ from: "09:00", to: "13:00" }] };
    expect(statusNow(timelineAt("2027-04-27 10:00", exceptions), tlv("2027-04-27 10:00"))).toMatchObject({
      open: true,
      until: tlv("2027-04-27 13:00"),
    });
    expect(statusNow(timelineAt("2027-04-27 15:00", exceptions), tlv("2027-04-27 15:00"))?.open).toBe(false);
    // Without the exception the week's hours count (12:00–23:00 on a Tuesday).
    expect(statusNow(timelineAt("2027-04-27 15:00"), tlv("2027-04-27 15:00"))?.open).toBe(true);
    expect(statusNow(timelineAt("2027-04-26 15:00", exceptions), tlv("2027-04-26 15:00"))?.open).toBe(true);
  });

  it("closes a day with no ranges", () => {
    const exceptions: DayExceptions = { "2027-04-26": [] };
    expect(statusNow(timelineAt("2027-04-26 15:00", exceptions), tlv("2027-04-26 15:00"))?.open).toBe(false);
  });
});

describe("one truth on the page: the week's table, the Shabbat box and the status line agree", () => {
  // Thursday runs past midnight, Friday is closed, Saturday opens at 17:00 — before Shabbat ends in winter.
  const nights = week(
    { ...weekdays([["12:00", "23:00"]]), 4: [["18:00", "01:00"]], 6: [["17:00", "23:00"]] },
    { beforeRest: { kind: "candles", minutes: 0 }, afterRest: { kind: "havdalah", minutes: 0 } },
  );
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Jerusalem",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const hhmm = (instant: number) => clock.format(instant);
  const now = tlv("2026-12-02 10:00"); // a Wednesday morning in winter
  const shabbat = windows.find((window) => window.start > now)!;

  it("shows Saturday's real opening, after Shabbat ends, in the table and in the box", () => {
    const table = weekTableOf(nights, windows, now);
    const rest = comingRestOf(nights, windows, now)!;
    expect(hhmm(shabbat.end) > "17:00").toBe(true);
    expect(table[6]).toEqual([{ from: hhmm(shabbat.end), to: "23:00" }]);
    expect(rest.opensAt).toBe(shabbat.end);
    // The status line on Saturday afternoon opens at the same minute.
    expect(status(nights, "2026-12-05 16:00")).toEqual({ open: false, opensAt: at(shabbat.end), reason: "shabbat" });
  });

  it("keeps a range past midnight on its night and does not call it the eve's closing", () => {
    const table = weekTableOf(nights, windows, now);
    expect(table[4]).toEqual([{ from: "18:00", to: "01:00" }]);
    expect(table[5]).toEqual([]);
    // Thursday 18:00–01:00 closes on Friday, but it is Thursday night's: the box says only candle lighting.
    expect(comingRestOf(nights, windows, now)).toMatchObject({ candles: shabbat.start, closesAt: null });
  });

  it("cuts Friday at its closing before candle lighting, and says that closing in the box", () => {
    const friday = week(
      { 5: [["09:00", "23:00"]], 6: [["17:00", "23:00"]] },
      { beforeRest: { kind: "candles", minutes: 30 }, afterRest: { kind: "havdalah", minutes: 0 } },
    );
    const closing = shabbat.start - 30 * 60_000;
    expect(weekTableOf(friday, windows, now)[5]).toEqual([{ from: "09:00", to: hhmm(closing) }]);
    expect(comingRestOf(friday, windows, now)).toMatchObject({ closesAt: closing, opensAt: shabbat.end });
  });

  it("shows a day the coming holiday closes as closed, and leaves the week alone for a place open on Shabbat", () => {
    // Yom Kippur 5787: from Sunday evening 2026-09-20 to Monday evening.
    const monday = weekTableOf(typical, windows, tlv("2026-09-17 10:00"))[1];
    expect(monday).toEqual([
      {
        from: hhmm(windows.find((window) => at(window.start).startsWith("2026-09-20"))!.end + 60 * 60_000),
        to: "23:00",
      },
    ]);
    const open = { ...nights, closedOnShabbat: false };
    expect(weekTableOf(open, windows, now)[6]).toEqual([{ from: "17:00", to: "23:00" }]);
    expect(comingRestOf(open, windows, now)).toBeNull();
  });
});
