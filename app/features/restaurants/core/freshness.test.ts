import { describe, expect, it } from "vitest";
import { freshnessClock, freshnessOf } from "./freshness";

const clock = { today: "2026-11-24", maxAgeDays: 180 };

describe("freshnessOf (at fixed days)", () => {
  it("is never for a listing without a verification date, or with one that is not a date", () => {
    expect(freshnessOf(undefined, clock)).toBe("never");
    expect(freshnessOf("", clock)).toBe("never");
    expect(freshnessOf("24/11/2026", clock)).toBe("never");
  });

  it("is fresh up to and including the allowed age, overdue the day after", () => {
    expect(freshnessOf("2026-11-24", clock)).toBe("fresh");
    expect(freshnessOf("2026-05-28", clock)).toBe("fresh"); // 180 days before
    expect(freshnessOf("2026-05-27", clock)).toBe("overdue"); // 181 days before
    expect(freshnessOf("2020-01-01", clock)).toBe("overdue");
  });

  it("follows the configured age, and counts a date after today as fresh", () => {
    expect(freshnessOf("2026-10-24", { today: "2026-11-24", maxAgeDays: 30 })).toBe("overdue");
    expect(freshnessOf("2026-10-25", { today: "2026-11-24", maxAgeDays: 30 })).toBe("fresh");
    expect(freshnessOf("2026-12-01", clock)).toBe("fresh");
  });
});

describe("freshnessClock", () => {
  it("judges on Tel Aviv's day with the configured age", () => {
    expect(freshnessClock(90, new Date("2026-11-24T22:30:00Z"))).toEqual({ today: "2026-11-25", maxAgeDays: 90 });
  });
});
