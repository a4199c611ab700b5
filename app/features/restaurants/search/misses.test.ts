import { describe, expect, it } from "vitest";
import { MISS_TERM_MAX, missKey, missTerm, parseMissKey } from "./misses";
import { normalizeForSearch } from "../../../lib/search-text";

describe("missTerm", () => {
  it("normalises as the search does: case, spaces, niqqud, final letters, quotes", () => {
    expect(missTerm("  Sushi   BAR ")).toBe("sushi bar");
    expect(missTerm("שָׁלוֹם")).toBe("שלומ");
    expect(missTerm("בורקס\u05F4ים")).toBe(normalizeForSearch("בורקסים"));
    expect(missTerm("Café\tNoir")).toBe("cafe noir");
  });

  it("keeps only terms of at least three letters or digits, counted as characters, not bytes", () => {
    expect(missTerm("ab")).toBeNull();
    expect(missTerm("a b")).toBeNull();
    expect(missTerm("..!!")).toBeNull();
    expect(missTerm("")).toBeNull();
    // Two Hebrew letters are four bytes of UTF-8, still two letters; niqqud is no letter.
    expect(missTerm("פִּי")).toBeNull();
    expect(missTerm("פיצ")).toBe("פיצ");
    expect(missTerm("770")).toBe("770");
    expect(missTerm("abc")).toBe("abc");
  });

  it("reads control characters, lone surrogates and invisible format characters as spaces", () => {
    expect(missTerm("abc\u0000def")).toBe("abc def");
    expect(missTerm("\u0000\u0001ab")).toBeNull();
    expect(missTerm("piz\uD800za")).toBe("piz za");
    expect(missTerm("ab\u200Bc")).toBe("ab c");
  });

  it("cuts a long term to MISS_TERM_MAX characters", () => {
    const term = missTerm("ש".repeat(500));
    expect(term).toHaveLength(MISS_TERM_MAX);
  });

  it("never holds a tab, so a key reads back as its day and term", () => {
    const term = missTerm("a\tb\tc\td")!;
    expect(term).toBe("a b c d");
    expect(parseMissKey(missKey("2026-11-26", term, "aB3-_x"))).toEqual({ day: "2026-11-26", term, visitor: "aB3-_x" });
    expect(parseMissKey("nonsense")).toBeNull();
    expect(parseMissKey("26/11/2026\tterm\tv")).toBeNull();
    expect(parseMissKey("2026-11-26\t\tv")).toBeNull();
    // Every count names its visitor (its hash): a key without one is not read.
    expect(parseMissKey("2026-11-26\tterm")).toBeNull();
  });
});
