import { describe, expect, it } from "vitest";
import { addDays, formatIsoDate, formatLongDate, isCalendarDay, isIsoDay, laterDay, telAvivDay } from "./dates";

describe("dates", () => {
  it("formats a long localized date in both languages", () => {
    expect(formatLongDate("2026-03-04", "en")).toBe("March 4, 2026");
    expect(formatLongDate("2026-03-04", "he")).toMatch(/^4 במרץ 2026$/);
  });
  it("writes every month of every kind of year as ICU's long date does, in both languages", () => {
    const icu = {
      en: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }),
      he: new Intl.DateTimeFormat("he-IL", { dateStyle: "long", timeZone: "UTC" }),
    };
    for (const year of [1999, 2000, 2024, 2026, 2028, 2100])
      for (let month = 0; month < 12; month++)
        for (const day of [1, 9, 10, 28]) {
          const date = new Date(Date.UTC(year, month, day));
          const iso = date.toISOString().slice(0, 10);
          for (const language of ["en", "he"] as const) {
            expect(formatLongDate(iso, language), `${iso} ${language}`).toBe(icu[language].format(date));
            expect(formatLongDate(date, language), `${iso} ${language}`).toBe(icu[language].format(date));
          }
        }
  });
  it("takes an instant on its UTC day, the last day of a month and a leap day included", () => {
    expect(formatLongDate("2026-05-31T23:30:00Z", "en")).toBe("May 31, 2026");
    expect(formatLongDate(new Date("2028-02-29T00:00:00Z"), "he")).toBe("29 בפברואר 2028");
  });
  it("refuses a value that is not a date, as ICU's format did, rather than writing nonsense", () => {
    expect(() => formatLongDate("2026-02-30x", "en")).toThrow(RangeError);
    expect(() => formatLongDate(new Date(Number.NaN), "he")).toThrow(RangeError);
  });
  it("keeps a date-only value on its day whatever the time zone", () => {
    expect(formatIsoDate("2026-01-01")).toBe("2026-01-01");
    expect(formatIsoDate(new Date("2026-05-06T23:30:00Z"))).toBe("2026-05-06");
  });
});

describe("laterDay", () => {
  it("takes the later of two days, the second when the first is missing", () => {
    expect(laterDay("2026-09-10", "2026-05-01")).toBe("2026-09-10");
    expect(laterDay("2026-03-04", "2026-05-01")).toBe("2026-05-01");
    expect(laterDay(undefined, "2026-05-01")).toBe("2026-05-01");
  });
});

describe("isIsoDay", () => {
  it("accepts yyyy-MM-dd only", () => {
    expect(isIsoDay("2026-11-24")).toBe(true);
    for (const value of ["24/11/2026", "2026-11-24T00:00:00Z", "", undefined, 20261124])
      expect(isIsoDay(value), String(value)).toBe(false);
  });
});

describe("isCalendarDay", () => {
  it("takes a real day and refuses the shape of one that is not (the database would)", () => {
    expect(isCalendarDay("2026-11-25")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const bad of ["2026-02-30", "2027-02-29", "2026-13-01", "0000-01-01", "2026-1-5", "25/11/2026"])
      expect(isCalendarDay(bad), bad).toBe(false);
  });
});

describe("telAvivDay", () => {
  it("gives Tel Aviv's calendar day, not UTC's: late evening UTC is already tomorrow there", () => {
    expect(telAvivDay(new Date("2026-11-24T21:59:00Z"))).toBe("2026-11-24"); // 23:59 in winter (UTC+2)
    expect(telAvivDay(new Date("2026-11-24T22:00:00Z"))).toBe("2026-11-25");
    expect(telAvivDay(new Date("2026-07-01T21:00:00Z"))).toBe("2026-07-02"); // summer time, UTC+3
  });
});

describe("addDays", () => {
  it("counts calendar days across months, years and leap days", () => {
    expect(addDays("2026-11-25", -180)).toBe("2026-05-29");
    expect(addDays("2026-11-25", -181)).toBe("2026-05-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-27", 0)).toBe("2026-03-27");
  });

  it("181 days before a late evening in Tel Aviv is 181 calendar days, where 24-hour steps give 180 (summer time)", () => {
    const lateEvening = new Date("2026-11-25T21:08:00Z"); // 23:08 in Tel Aviv (UTC+2); 181 × 24 h earlier is 00:08 in summer
    expect(telAvivDay(new Date(lateEvening.getTime() - 181 * 86_400_000))).toBe("2026-05-29");
    expect(addDays(telAvivDay(lateEvening), -181)).toBe("2026-05-28");
  });
});
