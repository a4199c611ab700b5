import { describe, expect, it } from "vitest";
import { averageOf } from "./average";
import { BAYES_WEIGHT } from "../../../../database/reviews";
import { bayesianRating, compareByRating, meanStars } from "./bayes";

describe("ordering by rating", () => {
  it.each([4, 4.5])(
    "three five-star reviews do not outrank a thousand at 4.6 (the mean of all reviews %s)",
    (target) => {
      const few = { count: 3, stars: 15 };
      const many = { count: 1000, stars: 4600 };
      // Every other place's reviews bring the mean of all to the target (directories' run from 4 to 4.5).
      const others = { count: 3000, stars: Math.round(target * 4003 - 4615) };
      const mean = meanStars([few, many, others]);
      expect(mean).toBeCloseTo(target, 3);
      expect(bayesianRating(few, mean)).toBeLessThan(bayesianRating(many, mean));
      expect(compareByRating(many, few, mean)).toBeLessThan(0);
      expect([few, many].sort((a, b) => compareByRating(a, b, mean))).toEqual([many, few]);
    },
  );

  it("pulls a place with few reviews towards the mean of all", () => {
    expect(bayesianRating({ count: 0, stars: 0 }, 4)).toBe(4);
    // As many reviews at 5 as the prior's weight (BAYES_WEIGHT) land half-way from the mean of 3.
    expect(bayesianRating({ count: BAYES_WEIGHT, stars: 5 * BAYES_WEIGHT }, 3)).toBe(4);
  });

  it("puts places without reviews after every place with some, and rates equal places alike", () => {
    const poor = { count: 1, stars: 1 };
    expect(compareByRating(poor, undefined, 4)).toBeLessThan(0);
    expect(compareByRating({ count: 0, stars: 0 }, poor, 4)).toBeGreaterThan(0);
    expect(compareByRating(undefined, { count: 0, stars: 0 }, 4)).toBe(0);
    expect(compareByRating({ count: 2, stars: 8 }, { count: 2, stars: 8 }, 4)).toBe(0);
    // The same average from more reviews first.
    expect(compareByRating({ count: 2, stars: 8 }, { count: 4, stars: 16 }, 4)).toBeGreaterThan(0);
  });

  it("shows the average with one decimal", () => {
    expect(averageOf({ count: 3, stars: 13 })).toBe("4.3");
    expect(averageOf({ count: 4, stars: 11 })).toBe("2.8");
    expect(averageOf({ count: 1, stars: 5 })).toBe("5.0");
  });
});
