// The rating places are ordered by: a Bayesian average, which pulls a place with few reviews towards
// the mean of all reviews, so three five-star reviews never outrank a thousand at 4.6. Plain code
// with no imports but the weight, so the browser's search and the server's order by the same numbers.
import { BAYES_WEIGHT } from "../../../../database/reviews";

/** A place's published reviews as ordering needs them: how many, and their stars added up. */
export interface RatingTotals {
  count: number;
  stars: number;
}

/** (C·m + Σ stars) / (C + n): C is BAYES_WEIGHT, m the mean of every published review's stars. */
export function bayesianRating({ count, stars }: RatingTotals, mean: number, weight = BAYES_WEIGHT): number {
  return (weight * mean + stars) / (weight + count);
}

/** The mean of every published review's stars over the places' totals (0 when there are none). */
export function meanStars(totals: Iterable<RatingTotals | undefined>): number {
  let count = 0;
  let stars = 0;
  for (const total of totals) {
    count += total?.count ?? 0;
    stars += total?.stars ?? 0;
  }
  return count ? stars / count : 0;
}

/**
 * Orders two places by rating, best first: by the Bayesian average, then by more reviews; a place
 * without reviews after every place with some. 0 when they rate the same (the caller breaks the tie).
 */
export function compareByRating(a: RatingTotals | undefined, b: RatingTotals | undefined, mean: number): number {
  const aRated = a !== undefined && a.count > 0;
  const bRated = b !== undefined && b.count > 0;
  if (!aRated || !bRated) return aRated === bRated ? 0 : aRated ? -1 : 1;
  return bayesianRating(b, mean) - bayesianRating(a, mean) || b.count - a.count;
}
