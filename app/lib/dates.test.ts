import { describe, expect, it } from "vitest";
import { addDays, formatIsoDate, formatLongDate, isCalendarDay, isIsoDay, laterDay, telAvivDay } from "./dates";

describe("dates", () => {
  it("formats a long localized date in both languages", () => {
    expect(formatLongDate("2026-03-04", "en")).toBe("March 4, 2026");
    expect(formatLongDate("2026-03-04", "he")).toMatch(/^4 במרץ 2026$/);
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
