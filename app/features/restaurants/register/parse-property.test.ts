import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { en } from "../../../locales/en";
import { AppError } from "../../../lib/errors";
import { parseRegisterFile } from "./parse.server";

const FIXTURES = path.resolve(__dirname, "../../../../tests/fixtures/register");
const SAMPLES = ["saved-page-1.html", "portal.json", "revoked.html", "revoked.csv"].map((name) =>
  readFileSync(path.join(FIXTURES, name), "utf8"),
);
SAMPLES.push(readFileSync(path.join(FIXTURES, "tel-aviv-2024-06-27.csv"), "utf8").split("\n").slice(0, 40).join("\n"));

/** Reads the data; whatever it is, the answer is a well-formed register or a known AppError, never another throw. */
function holds(data: Buffer): void {
  let parsed;
  try {
    parsed = parseRegisterFile("fuzz", data);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { code, messageKey } = error as AppError;
    expect(["invalid", "tooLarge"]).toContain(code);
    expect(Object.keys(en)).toContain(messageKey);
    return;
  }
  expect(parsed.entries.length).toBeGreaterThan(0);
  expect(parsed.list).toBe(parsed.shape === "revokedList" ? "revoked" : "register");
  parsed.entries.forEach((entry, i) => {
    expect(entry.position).toBe(i);
    expect(entry.name).not.toBe("");
    expect(entry.name).not.toMatch(/^[=@]/);
    expect(entry.validUntil === null || /^\d{4}-\d{2}-\d{2}$/.test(entry.validUntil)).toBe(true);
  });
}

/** A fixture changed at random: cut short, a run of text put in, a piece taken out. */
const mutated = fc
  .record({
    sample: fc.constantFrom(...SAMPLES),
    at: fc.nat(),
    cut: fc.nat({ max: 200 }),
    insert: fc.string({ unit: "binary", maxLength: 40 }),
    truncate: fc.boolean(),
  })
  .map(({ sample, at, cut, insert, truncate }) => {
    const i = at % (sample.length + 1);
    return truncate ? sample.slice(0, i) : sample.slice(0, i) + insert + sample.slice(i + cut);
  });

describe("any file at all", () => {
  it("random bytes give a register or an AppError, nothing else", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => holds(Buffer.from(bytes))),
      { numRuns: 300 },
    );
  });

  it("random text gives a register or an AppError", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), (text) => holds(Buffer.from(text))),
      { numRuns: 300 },
    );
  });

  it("every shape's file, cut or changed at random, gives a register or an AppError", () => {
    fc.assert(
      fc.property(mutated, (text) => holds(Buffer.from(text))),
      { numRuns: 500 },
    );
  });

  it("random bytes after a shape's opening give a register or an AppError", () => {
    const openings = [
      "kosher_date,href,post_title,business_type,wrap_address,wrap_congregation,wrap_phone\n",
      "name,address\n",
      "[",
      "{",
      "<html>",
    ];
    fc.assert(
      fc.property(fc.constantFrom(...openings), fc.string({ unit: "grapheme", maxLength: 500 }), (opening, rest) =>
        holds(Buffer.from(opening + rest)),
      ),
      { numRuns: 300 },
    );
  });
});
