// Which Pesach is near, in Tel Aviv (ADR 023), from @hebcal/core. Server only: the library is
// GPL-2.0 (ADR 016), so pages get the season as plain days (`PesachSeason`), never the library.
import { HDate, months } from "@hebcal/core";
import { addDays, telAvivDay } from "../../../lib/dates";
import { SEASON_LEAD_DAYS, type PesachSeason } from "./pesach";

/** A yyyy-MM-dd day of a Hebrew date (hebcal's Gregorian date is a local midnight: read as local). */
function dayOf(date: HDate): string {
  const greg = date.greg();
  return `${greg.getFullYear()}-${String(greg.getMonth() + 1).padStart(2, "0")}-${String(greg.getDate()).padStart(2, "0")}`;
}

/** The Hebrew date of a yyyy-MM-dd day. */
function hebrewOf(day: string): HDate {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new HDate(new Date(y, m - 1, d));
}

/**
 * The Pesach that `now` (its day in Tel Aviv) looks to: the one under way, or the next. In Israel
 * it is seven days, 15–21 Nisan; Chol HaMoed is 16–20 Nisan. Its year is the Gregorian year of
 * its first day (the key of `restaurants.pesach`).
 */
export function pesachAround(now: Date): PesachSeason {
  const today = telAvivDay(now);
  let year = hebrewOf(today).getFullYear();
  if (dayOf(new HDate(21, months.NISAN, year)) < today) year += 1;
  const firstDay = dayOf(new HDate(15, months.NISAN, year));
  return { year: firstDay.slice(0, 4), firstDay, lastDay: dayOf(new HDate(21, months.NISAN, year)) };
}

/**
 * The Pesach whose season `now` is in: from SEASON_LEAD_DAYS days before its first day (erev
 * Pesach and the weeks of preparation) to the end of its last day, in Tel Aviv; null the rest of the year.
 */
export function pesachSeasonAt(now: Date): PesachSeason | null {
  const today = telAvivDay(now);
  // The answer changes with the day only, and the home page asks on every render (the Hebrew
  // calendar's arithmetic is a good part of its loader): the last day's answer is kept.
  if (lastSeason?.today === today) return lastSeason.season;
  const pesach = pesachAround(now);
  const season = today >= addDays(pesach.firstDay, -SEASON_LEAD_DAYS) && today <= pesach.lastDay ? pesach : null;
  lastSeason = { today, season };
  return season;
}

let lastSeason: { today: string; season: PesachSeason | null } | undefined;

/** The server's "now" for the season: the services' clock (the browser tests set one), else the machine's. */
export function seasonNow(services: { now?: (() => Date) | undefined }): Date {
  return services.now?.() ?? new Date();
}
