// The average a card and the restaurant page show. Apart from the ordering's rules (bayes.ts), so a
// card's code carries only this.
import type { RatingTotals } from "./bayes";

/** The average to show, one decimal: 4.3. */
export function averageOf({ count, stars }: RatingTotals): string {
  return (count ? stars / count : 0).toFixed(1);
}
