// Tel Aviv's clock on the restaurant page without ICU: the server's zone (its offsets over the page's
// days) and the page's formats from it, against ICU's own, around both changes of the clocks.
import { describe, expect, it } from "vitest";
import { emptyWeek, telAvivOffset, type WeeklyHours } from "./hours";
import { formats, weekdayNames } from "./formats";
import { hoursViewOf, zoneOf } from "./hours-view.server";
import { telAvivFormats, weekdayNamesOf } from "./tel-aviv-clock";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Israel's clocks went forward on Friday 27 March 2026 at 02:00 and back on Sunday 25 October 2026 at 02:00.
const SPRING = Date.UTC(2026, 2, 24, 9, 17);
const AUTUMN = Date.UTC(2026, 9, 22, 16, 41);
const WINTER = Date.UTC(2026, 0, 6, 4, 3);

describe("zoneOf", () => {
  it.each([
    ["spring", SPRING, 2],
    ["autumn", AUTUMN, 2],
    ["winter", WINTER, 1],
  ] as const)(
    "over nine days around the %s change, gives ICU's offset at every minute's instant",
    (_, from, entries) => {
      const until = from + 9 * DAY;
      const zone = zoneOf(from, until);
      expect(zone.offsets).toHaveLength(entries);
      expect(zone.offsets[0]![0]).toBe(from);
      for (let at = from; at <= until; at += 7 * 60_000) {
        const offset = zone.offsets.filter(([change]) => change <= at).at(-1)![1];
        expect(offset, new Date(at).toISOString()).toBe(telAvivOffset(at));
      }
    },
  );

  it("finds a change to its instant: 2026-03-27T00:00Z and 2026-10-24T23:00Z", () => {
    expect(zoneOf(SPRING, SPRING + 9 * DAY).offsets).toEqual([
      [SPRING, 120],
      [Date.UTC(2026, 2, 27, 0), 180],
    ]);
    expect(zoneOf(AUTUMN, AUTUMN + 9 * DAY).offsets).toEqual([
      [AUTUMN, 180],
      [Date.UTC(2026, 9, 24, 23), 120],
    ]);
  });
});

describe("telAvivFormats", () => {
  it.each(["en", "he"] as const)(
    "writes times, weekdays and days as ICU does in %s, in the zone and outside it",
    (language) => {
      const icu = formats(language);
      for (const from of [SPRING, AUTUMN, WINTER]) {
        const zone = zoneOf(from, from + 9 * DAY);
        const f = telAvivFormats(language, zone);
        // Inside the zone's days, then up to a month after them (read with ICU).
        for (let at = from; at <= from + 40 * DAY; at += 53 * 60_000) {
          const label = new Date(at).toISOString();
          expect(f.time(at), label).toBe(icu.time(at));
          expect(f.weekday(at), label).toBe(icu.weekday(at));
          expect(f.weekdayIndex(at), label).toBe(icu.weekdayIndex(at));
          for (const later of [HOUR, 5 * HOUR, 13 * HOUR, DAY])
            expect(f.sameDay(at, at + later), label).toBe(icu.sameDay(at, at + later));
        }
      }
    },
  );

  it("without a zone answers with ICU's formats", () => {
    const f = telAvivFormats("he", undefined);
    expect(f.time(SPRING)).toBe(formats("he").time(SPRING));
    expect(f.weekday(AUTUMN)).toBe(formats("he").weekday(AUTUMN));
  });

  it.each(["en", "he"] as const)("names the weekdays as ICU does in %s", (language) => {
    expect(weekdayNamesOf(language)).toEqual(weekdayNames(language));
  });
});

describe("hoursViewOf", () => {
  it("sends a zone that holds every instant of its timeline and its coming rest, and the day around the render", () => {
    const base = emptyWeek();
    const hours: WeeklyHours = {
      ...base,
      days: base.days.map(() => [{ from: "12:00", to: "23:00" }]),
      beforeRest: { kind: "candles", minutes: 60 },
      afterRest: { kind: "havdalah", minutes: 60 },
    };
    for (const now of [SPRING, AUTUMN, WINTER]) {
      const view = hoursViewOf(hours, now);
      const instants = [
        ...view.timeline.flatMap((entry) => [entry.at, entry.until ?? entry.at]),
        ...(view.rest
          ? [view.rest.candles, view.rest.havdalah, view.rest.closesAt ?? now, view.rest.opensAt ?? now]
          : []),
        now - DAY,
        now + DAY,
      ];
      for (const at of instants) {
        expect(at, new Date(at).toISOString()).toBeGreaterThanOrEqual(view.zone.offsets[0]![0]);
        expect(at, new Date(at).toISOString()).toBeLessThanOrEqual(view.zone.until);
      }
      expect(view.rest).not.toBeNull();
    }
  });
});
