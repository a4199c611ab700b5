import { describe, expect, it } from "vitest";
import type { TimeRange, WeeklyHours } from "../../../../database/hours";
import { emptyWeek } from "../hours/hours";
import { osmOpeningHours } from "./opening-hours";

const r = (from: string, to: string): TimeRange => ({ from, to });

/** A week from Sunday's ranges to Saturday's; open on Shabbat unless told. */
function week(days: TimeRange[][], rules: Partial<WeeklyHours> = {}): WeeklyHours {
  return { ...emptyWeek(false), days, ...rules };
}

const lunchToLate = [r("12:00", "23:00")];

describe("osmOpeningHours (our week in OpenStreetMap's opening_hours)", () => {
  it("is null without structured hours, for a week closed every day and for a malformed week", () => {
    expect(osmOpeningHours(undefined)).toBeNull();
    expect(osmOpeningHours(null)).toBeNull();
    expect(osmOpeningHours(emptyWeek())).toBeNull();
    expect(osmOpeningHours(week([lunchToLate, [], [], []]))).toBeNull();
    expect(osmOpeningHours(week([[r("25:00", "23:00")], [], [], [], [], [], []]))).toBeNull();
  });

  it("collapses consecutive days with the same ranges and names closed days last as off", () => {
    expect(
      osmOpeningHours(
        week([lunchToLate, lunchToLate, lunchToLate, lunchToLate, lunchToLate, [r("11:00", "14:00")], []]),
      ),
    ).toBe("Su-Th 12:00-23:00; Fr 11:00-14:00; Sa off");
  });

  it("groups days that are not consecutive with commas, and two neighbours with a comma", () => {
    const other = [r("08:00", "16:00")];
    expect(osmOpeningHours(week([lunchToLate, lunchToLate, other, lunchToLate, other, [], []]))).toBe(
      "Su,Mo,We 12:00-23:00; Tu,Th 08:00-16:00; Fr,Sa off",
    );
    expect(
      osmOpeningHours(
        week([lunchToLate, lunchToLate, lunchToLate, lunchToLate, lunchToLate, lunchToLate, lunchToLate]),
      ),
    ).toBe("Su-Sa 12:00-23:00");
  });

  it("writes a range given twice once", () => {
    expect(osmOpeningHours(week([[r("12:00", "15:00"), r("12:00", "15:00")], [], [], [], [], [], []]))).toBe(
      "Su 12:00-15:00; Mo-Sa off",
    );
  });

  it("writes split shifts in time order, comma-separated", () => {
    const split = [r("18:00", "23:00"), r("12:00", "15:00")];
    expect(osmOpeningHours(week([split, split, split, split, split, [], []]))).toBe(
      "Su-Th 12:00-15:00,18:00-23:00; Fr,Sa off",
    );
  });

  it("writes an overnight range as OSM does (18:00-02:00), midnight as 24:00, and a whole day as 00:00-24:00", () => {
    const late = [r("18:00", "02:00")];
    // A week with a night past midnight leaves its closed days unsaid (an `off` rule would be read as closing that night too).
    expect(osmOpeningHours(week([late, late, late, late, late, [], []]))).toBe("Su-Th 18:00-02:00");
    expect(osmOpeningHours(week([[r("18:00", "00:00")], [], [], [], [], [], []]))).toBe("Su 18:00-24:00; Mo-Sa off");
    expect(osmOpeningHours(week([[r("00:00", "00:00")], [], [], [], [], [], []]))).toBe("Su 00:00-24:00; Mo-Sa off");
  });

  it("joins the rules of a week with a night past midnight as additional rules (`, `), so a day's rule keeps the night before's hours", () => {
    expect(osmOpeningHours(week([[], [], [], [], [r("20:00", "03:00")], [], []]))).toBe("Th 20:00-03:00");
    const weekday = [r("12:00", "23:00")];
    expect(
      osmOpeningHours(week([weekday, weekday, weekday, weekday, [r("12:00", "00:30")], [r("11:00", "14:00")], []])),
    ).toBe("Su-We 12:00-23:00, Th 12:00-00:30, Fr 11:00-14:00");
    expect(osmOpeningHours(week([weekday, [], [], [], [], [], [r("20:00", "02:00")]]))).toBe(
      "Su 12:00-23:00, Sa 20:00-02:00",
    );
  });

  describe("closed on Shabbat", () => {
    const shabbat = (days: TimeRange[][], rules: Partial<WeeklyHours> = {}) =>
      week(days, { closedOnShabbat: true, ...rules });
    const weekdays = [lunchToLate, lunchToLate, lunchToLate, lunchToLate, lunchToLate];

    it("keeps Friday's ranges that end before the earliest candle lighting and Saturday night's after the latest havdalah", () => {
      expect(osmOpeningHours(shabbat([...weekdays, [r("09:00", "14:00")], [r("21:00", "23:30")]]))).toBe(
        "Su-Th 12:00-23:00; Fr 09:00-14:00; Sa 21:00-23:30",
      );
    });

    it("drops ranges Shabbat always covers (Saturday lunch, Friday night)", () => {
      expect(
        osmOpeningHours(shabbat([...weekdays, [r("09:00", "14:00"), r("20:00", "23:00")], [r("12:00", "16:00")]])),
      ).toBe("Su-Th 12:00-23:00; Fr 09:00-14:00; Sa off");
    });

    it("clips Friday at a fixed closing before the earliest candle lighting, and Saturday at a fixed opening after the latest havdalah", () => {
      const hours = shabbat([...weekdays, [r("09:00", "18:00")], [r("19:00", "23:00")]], {
        beforeRest: { kind: "fixed", time: "14:30" },
        afterRest: { kind: "fixed", time: "21:30" },
      });
      expect(osmOpeningHours(hours)).toBe("Su-Th 12:00-23:00; Fr 09:00-14:30; Sa 21:30-23:00");
    });

    it("is null when Shabbat cuts a range at a time that moves with the seasons", () => {
      // Friday until 17:00: past the earliest candle lighting (winter), before the latest (summer).
      expect(osmOpeningHours(shabbat([...weekdays, [r("09:00", "17:00")], []]))).toBeNull();
      // Saturday from 19:00: after havdalah in winter, during Shabbat in summer.
      expect(osmOpeningHours(shabbat([...weekdays, [], [r("19:00", "23:00")]]))).toBeNull();
      // Closing an hour before candle lighting moves the safe end an hour earlier.
      expect(
        osmOpeningHours(
          shabbat([...weekdays, [r("09:00", "15:30")], []], { beforeRest: { kind: "candles", minutes: 60 } }),
        ),
      ).toBeNull();
      expect(
        osmOpeningHours(
          shabbat([...weekdays, [r("09:00", "14:30")], []], { beforeRest: { kind: "candles", minutes: 60 } }),
        ),
      ).toBe("Su-Th 12:00-23:00; Fr 09:00-14:30; Sa off");
      // A fixed closing later than the earliest candle lighting is capped by it in winter: it moves too.
      expect(
        osmOpeningHours(
          shabbat([...weekdays, [r("09:00", "18:00")], []], { beforeRest: { kind: "fixed", time: "17:00" } }),
        ),
      ).toBeNull();
      // Opening a while after havdalah moves the safe start later.
      expect(
        osmOpeningHours(
          shabbat([...weekdays, [], [r("21:00", "23:00")]], { afterRest: { kind: "havdalah", minutes: 30 } }),
        ),
      ).toBeNull();
    });

    it("cuts Thursday's night at a Friday closing before its end, or is null when that closing moves", () => {
      const thursdayNight = [lunchToLate, lunchToLate, lunchToLate, lunchToLate, [r("20:00", "08:00")], [], []];
      // Candle lighting never comes before 16:00: the night until 08:00 is always whole.
      expect(osmOpeningHours(shabbat(thursdayNight))).toBe("Su-We 12:00-23:00, Th 20:00-08:00");
      // A fixed closing at 06:00 on Friday ends it at 06:00 every week.
      expect(osmOpeningHours(shabbat(thursdayNight, { beforeRest: { kind: "fixed", time: "06:00" } }))).toBe(
        "Su-We 12:00-23:00, Th 20:00-06:00",
      );
    });

    it("is the plain week when the restaurant is open on Shabbat", () => {
      expect(osmOpeningHours(week([...weekdays, [r("09:00", "17:00")], [r("12:00", "16:00")]]))).toBe(
        "Su-Th 12:00-23:00; Fr 09:00-17:00; Sa 12:00-16:00",
      );
    });
  });
});
