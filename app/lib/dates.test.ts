import { describe, expect, it } from "vitest";
import { formatIsoDate, formatLongDate } from "./dates";

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
