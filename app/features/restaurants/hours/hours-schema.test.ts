// Weekly hours' rules (ADR 016): every rule says what is wrong in both languages.
import { describe, expect, it } from "vitest";
import { rulesOf } from "../../../lib/form-rules";
import { en } from "../../../locales/en";
import { he } from "../../../locales/he";
import { emptyWeek, type WeeklyHours } from "./hours";
import { parseWeeklyHours, weeklyHoursSchema } from "./hours-schema";

const shown = (key: string | undefined) =>
  Boolean(key && (en as Record<string, string>)[key]?.trim() && (he as Record<string, string>)[key]?.trim());
const withDay = (index: number, ranges: [string, string][]): WeeklyHours => {
  const week = emptyWeek();
  week.days[index] = ranges.map(([from, to]) => ({ from, to }));
  return week;
};

describe("weekly hours rules", () => {
  it("every rule carries a message key with text in English and Hebrew", () => {
    const rules = rulesOf(weeklyHoursSchema);
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) expect(shown(rule.message), `${rule.path} (${rule.kind}): ${rule.message}`).toBe(true);
  });

  it("takes ranges past midnight, several ranges a day and the Shabbat margins", () => {
    const week = {
      ...withDay(4, [
        ["08:00", "11:00"],
        ["12:00", "15:00"],
        ["18:00", "02:00"],
      ]),
      beforeRest: { kind: "fixed", time: "15:00" },
    };
    expect(parseWeeklyHours(week)).toEqual({ ok: true, hours: week });
  });

  it.each([
    ["a range that starts and ends at the same time", withDay(0, [["12:00", "12:00"]]), "days.0", "hours.sameStartEnd"],
    [
      "overlapping ranges",
      withDay(1, [
        ["12:00", "15:00"],
        ["14:00", "18:00"],
      ]),
      "days.1",
      "hours.overlap",
    ],
    [
      "a range past midnight over a later one",
      withDay(2, [
        ["18:00", "02:00"],
        ["19:00", "20:00"],
      ]),
      "days.2",
      "hours.overlap",
    ],
    [
      "five ranges",
      withDay(3, [
        ["01:00", "02:00"],
        ["03:00", "04:00"],
        ["05:00", "06:00"],
        ["07:00", "08:00"],
        ["09:00", "10:00"],
      ]),
      "days.3",
      "hours.tooManyRanges",
    ],
    ["a time that is not one", withDay(5, [["24:00", "10:00"]]), "days.5", "hours.invalidTime"],
    [
      "a margin over three hours",
      { ...emptyWeek(), beforeRest: { kind: "candles", minutes: 181 } },
      "beforeRest",
      "hours.invalidMinutes",
    ],
  ])("refuses %s, saying where and why", (_label, week, path, message) => {
    const parsed = parseWeeklyHours(week);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? undefined : parsed.errors[path]).toBe(message);
    expect(shown(message)).toBe(true);
  });

  it("refuses a shape only a crafted request sends with the generic message", () => {
    for (const value of [
      undefined,
      "Sun–Thu 12–23",
      { days: [] },
      { ...emptyWeek(), days: emptyWeek().days.slice(1) },
      { ...emptyWeek(), closedOnShabbat: "yes" },
    ]) {
      const parsed = parseWeeklyHours(value);
      expect(parsed.ok, JSON.stringify(value)).toBe(false);
      expect(shown(parsed.ok ? undefined : parsed.error)).toBe(true);
    }
  });
});
