import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { partialReason } from "./partial";

const names = (file: string) =>
  (parse(readFileSync(`tests/fixtures/register/${file}`, "utf8"), { columns: true }) as { post_title: string }[]).map(
    (row) => row.post_title,
  );

const ALPHABETICAL = "אבגדהוזחטיכלמנסעפצקרשת".split("").map((letter) => `${letter}מסעדה`);

describe("partialReason", () => {
  it("finds both real snapshots stopping mid-alphabet", () => {
    expect(partialReason(names("tel-aviv-2024-04-10.csv"), null)).toBe("midAlphabet");
    expect(partialReason(names("tel-aviv-2024-06-27.csv"), 720)).toBe("midAlphabet");
  });

  it("takes a list that runs to the end of the alphabet", () => {
    expect(partialReason([...ALPHABETICAL, ...ALPHABETICAL.slice(-3)].sort(), null)).toBeNull();
    expect(partialReason([...names("tel-aviv-2024-04-10.csv"), "רחל קפה", "שמש", "תמר"], 700)).toBeNull();
  });

  it("finds a list far shorter than the last one", () => {
    expect(partialReason(ALPHABETICAL, 100)).toBe("short");
    // 22 names: short against 32 (70 % is 22.4), not against 31 (21.7).
    expect(partialReason(ALPHABETICAL, 32)).toBe("short");
    expect(partialReason(ALPHABETICAL, 31)).toBeNull();
  });

  it("says nothing of a short or unordered list's alphabet", () => {
    expect(partialReason(ALPHABETICAL.slice(0, 10), null)).toBeNull();
    expect(partialReason([...ALPHABETICAL.slice(0, 15)].reverse().concat(ALPHABETICAL.slice(0, 15)), null)).toBeNull();
  });
});
