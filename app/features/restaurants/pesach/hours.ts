// Pesach's days in a restaurant's hours (ADR 023), browser-safe: the restaurant page's timeline,
// the cards' "open now" and the filter. A module of its own so that pages which do not judge
// "open now" in the browser (the restaurant page sends a timeline) do not carry it.
import type { PesachPlans } from "../../../../database/lifecycle";
import { addDays } from "../../../lib/dates";
import type { DayExceptions } from "../hours";
import { planFor, type PesachSeason } from "./pesach";

/**
 * The days of the season's Pesach whose hours are not the week's, for "open now" on the
 * restaurant page, the cards and the filter: every day of it when the restaurant is closed for
 * Pesach, each day of Chol HaMoed (between the first and the last) when it gave hours for them.
 * Nothing out of season or without a plan.
 */
export function pesachExceptions(
  plans: PesachPlans | undefined,
  season: PesachSeason | null | undefined,
): DayExceptions | undefined {
  const plan = planFor(plans, season);
  const closed = plan?.status === "closed";
  const ranges = closed ? [] : plan?.cholHamoed;
  if (!season || !ranges || (!closed && !ranges.length)) return undefined;
  const days: Record<string, typeof ranges> = {};
  for (let day = season.firstDay; day <= season.lastDay; day = addDays(day, 1)) {
    if (closed || (day > season.firstDay && day < season.lastDay)) days[day] = ranges;
  }
  return days;
}
