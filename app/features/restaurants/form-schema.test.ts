import { describe, expect, it } from "vitest";
import { EMPTY_FORM, parseRestaurantForm } from "./form-schema";

const valid = { ...EMPTY_FORM, nameEn: "Falafel", address: "1 Dizengoff St", kashrut: "tzohar" };

describe("restaurant form: inputs found by fuzzing", () => {
  it("accepts a valid form", () => {
    expect(parseRestaurantForm(valid).ok).toBe(true);
  });

  it("refuses tags inherited from Object (they are not our tags)", () => {
    for (const tag of ["toString", "__proto__", "constructor"]) {
      expect(parseRestaurantForm({ ...valid, tags: [tag] }).ok, tag).toBe(false);
    }
  });

  it("refuses a NUL character (PostgreSQL cannot store it) with a message", () => {
    const result = parseRestaurantForm({ ...valid, nameHe: "a\u0000b" });
    expect(result).toEqual({ ok: false, errors: { nameHe: "error.invalidCharacters" } });
  });
});
