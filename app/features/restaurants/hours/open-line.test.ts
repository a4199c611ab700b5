// A card's "open now" from the server's line says what statusAt says at every instant of the coming
// days (the search index's cards judge with statusAt), through Shabbat, Yom Tov, Pesach's
// exceptions and a clock change, and says nothing before the line or past its horizon.
import { describe, expect, it } from "vitest";
import { emptyWeek, statusAt, telAvivInstant, type DayExceptions, type WeeklyHours } from "./hours";
import { openLineAt } from "./open-line";
import { openLineOf } from "./open-line.server";
import { restWindows } from "./rest-windows.server";

const tlv = (day: string, time: string) => {
  const [h, m] = time.split(":").map(Number);
  return telAvivInstant(Date.parse(`${day}T00:00:00Z`), h! * 60 + m!);
};
function week(days: Partial<Record<number, [string, string][]>>, options: Partial<WeeklyHours> = {}): WeeklyHours {
  const base = emptyWeek();
  return { ...base, ...options, days: base.days.map((_, i) => (days[i] ?? []).map(([from, to]) => ({ from, to }))) };
}
const every = (range: [string, string][]) => ({ 0: range, 1: range, 2: range, 3: range, 4: range, 5: range, 6: range });
const windows = restWindows(new Date("2026-08-01T00:00:00Z"), new Date("2027-12-31T00:00:00Z"));
const shabbatKeeping = week(
  { ...every([["12:00", "23:00"]]), 5: [["11:00", "22:00"]], 6: [["18:00", "23:30"]] },
  { beforeRest: { kind: "candles", minutes: 60 }, afterRest: { kind: "havdalah", minutes: 60 } },
);
const overnight = week(every([["19:00", "02:00"]]), { closedOnShabbat: false });

const MINUTE = 60_000;
function agreesWithStatusAt(hours: WeeklyHours, now: number, exceptions?: DayExceptions) {
  const line = openLineOf(hours, windows, now, exceptions);
  for (let at = now - 30 * MINUTE; at < now + 7 * 24 * 60 * MINUTE; at += 7 * MINUTE) {
    const status = statusAt(hours, windows, at, exceptions);
    expect(openLineAt(line, at), new Date(at).toISOString()).toEqual({
      open: status.open,
      reason: status.open ? null : status.reason,
    });
  }
  return line;
}

describe("a card's open line", () => {
  it("agrees with statusAt over the coming week: a Friday into Shabbat", () => {
    agreesWithStatusAt(shabbatKeeping, tlv("2026-11-27", "09:00"));
  });
  it("through Rosh Hashanah (a holiday's rest), and for a place open past midnight and on Shabbat", () => {
    agreesWithStatusAt(shabbatKeeping, tlv("2027-10-01", "10:00"));
    agreesWithStatusAt(overnight, tlv("2026-11-27", "09:00"));
  });
  it("across the night the clocks go back", () => {
    agreesWithStatusAt(overnight, tlv("2026-10-24", "12:00"));
  });
  it("with Pesach's exceptions: Chol HaMoed's own hours, a day closed", () => {
    const exceptions: DayExceptions = { "2027-04-26": [{ from: "09:00", to: "14:00" }], "2027-04-27": [] };
    agreesWithStatusAt(shabbatKeeping, tlv("2027-04-26", "08:00"), exceptions);
  });
  it("says nothing before it starts or past its horizon, rather than something untrue", () => {
    const now = tlv("2026-12-01", "10:00");
    const line = openLineOf(shabbatKeeping, windows, now);
    expect(openLineAt(line, now - 2 * 60 * MINUTE)).toBeUndefined();
    expect(openLineAt(line, now + 8 * 24 * 60 * MINUTE)).toBeUndefined();
    expect(openLineAt(line, now)).toEqual({ open: false, reason: null });
    expect(openLineAt(line, tlv("2026-12-01", "12:30"))).toEqual({ open: true, reason: null });
  });
});
