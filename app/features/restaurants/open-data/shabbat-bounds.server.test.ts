// The converter's Shabbat bounds (opening-hours.ts) hold for Tel Aviv's calendar, as the site computes it.
import { describe, expect, it } from "vitest";
import { minutesOf } from "../hours/hours";
import { restWindows } from "../hours/rest-windows.server";
import { SHABBAT_BOUNDS } from "./opening-hours";

const local = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jerusalem",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function weekdayAndMinutes(instant: number): [string, number] {
  const parts = Object.fromEntries(local.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return [parts.weekday ?? "", Number(parts.hour) * 60 + Number(parts.minute)];
}

describe("SHABBAT_BOUNDS", () => {
  it("contain every Friday candle lighting and Saturday havdalah in Tel Aviv from 2026 to 2040", () => {
    const windows = restWindows(new Date("2026-01-01T00:00:00Z"), new Date("2040-12-31T00:00:00Z"));
    const fridays = windows.map((w) => weekdayAndMinutes(w.start)).filter(([day]) => day === "Fri");
    const saturdays = windows.map((w) => weekdayAndMinutes(w.end)).filter(([day]) => day === "Sat");
    expect(fridays.length).toBeGreaterThan(700);
    expect(saturdays.length).toBeGreaterThan(700);
    for (const [, minutes] of fridays) {
      expect(minutes).toBeGreaterThanOrEqual(minutesOf(SHABBAT_BOUNDS.candlesEarliest));
      expect(minutes).toBeLessThanOrEqual(minutesOf(SHABBAT_BOUNDS.candlesLatest));
    }
    for (const [, minutes] of saturdays) {
      expect(minutes).toBeGreaterThanOrEqual(minutesOf(SHABBAT_BOUNDS.havdalahEarliest));
      expect(minutes).toBeLessThanOrEqual(minutesOf(SHABBAT_BOUNDS.havdalahLatest));
    }
  });
});
