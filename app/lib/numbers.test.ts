import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers";

describe("formatCount", () => {
  const counts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000];
  const powers = Array.from({ length: 16 }, (_, i) => 10 ** i - 1).concat(
    Array.from({ length: 16 }, (_, i) => 7 * 10 ** i),
  );

  it.each(["en", "he"] as const)("writes a count as ICU does in %s", (language) => {
    for (const count of [...counts, ...powers]) {
      expect(formatCount(count), String(count)).toBe(count.toLocaleString(language));
    }
  });
});
