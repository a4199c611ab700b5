import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseRegisterFile } from "./parse.server";
import { ALPHABET_MIN_NAMES, partialReason, stopsMidAlphabet } from "./partial-list";

const FIXTURES = path.resolve(__dirname, "../../../../tests/fixtures/register");
const snapshot = (name: string) => parseRegisterFile(name, readFileSync(path.join(FIXTURES, name))).entries;

/** The register's names past "פ", as a complete list goes on: צ to ת, in order. */
const TAIL = ["צ", "ק", "ר", "ש", "ת"]
  .flatMap((letter) =>
    Array.from({ length: 70 }, (_, i) => ({ name: `${letter}${"אבגדהוזחטיכלמנסעפצקרשת".charAt(i % 22)} ${i}` })),
  )
  .sort((a, b) => a.name.localeCompare(b.name, "he"));
const complete = [...snapshot("tel-aviv-2024-04-10.csv"), ...TAIL];

describe("a partial register list", () => {
  it("catches both real snapshots: alphabetical, and they stop near פ", () => {
    expect(partialReason(snapshot("tel-aviv-2024-04-10.csv"), null)).toBe("midAlphabet");
    expect(partialReason(snapshot("tel-aviv-2024-06-27.csv"), 720)).toBe("midAlphabet");
  });

  it("lets a complete alphabetical list through, with or without a previous count", () => {
    expect(partialReason(complete, null)).toBeNull();
    expect(partialReason(complete, complete.length)).toBeNull();
  });

  it("catches a list missing its first pages (it starts mid-alphabet)", () => {
    const fromPage3 = complete.slice(300);
    expect(fromPage3[0]?.name.charAt(0)).not.toMatch(/[אבג]/);
    expect(partialReason(fromPage3, null)).toBe("midAlphabet");
  });

  it("says nothing of an unsorted list (the portal's order) or a small one (a revoked list)", () => {
    const shuffled = snapshot("tel-aviv-2024-06-27.csv").map((entry, i) => ({ entry, key: (i * 331) % 720 }));
    shuffled.sort((a, b) => a.key - b.key);
    expect(
      partialReason(
        shuffled.map(({ entry }) => entry),
        null,
      ),
    ).toBeNull();
    expect(partialReason(snapshot("tel-aviv-2024-06-27.csv").reverse(), null)).toBeNull();
    const small = snapshot("tel-aviv-2024-06-27.csv").slice(0, ALPHABET_MIN_NAMES - 1 + 30);
    expect(small.filter((entry) => /^[א-ת]/.test(entry.name)).length).toBeLessThan(ALPHABET_MIN_NAMES);
    expect(stopsMidAlphabet(small.map((entry) => entry.name))).toBe(false);
  });

  it("catches a list with fewer than 70 % of the previous list's active entries", () => {
    const list = (count: number) => complete.slice(0, count).map(() => ({ name: "שם" }));
    expect(partialReason(list(699), 1000)).toBe("short");
    expect(partialReason(list(700), 1000)).toBeNull();
    expect(partialReason(list(10), 0)).toBeNull();
    expect(partialReason(complete.slice(0, 500), complete.length)).toBe("short");
  });
});
