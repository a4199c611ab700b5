import { describe, expect, it } from "vitest";
import { unkeyedMessages } from "../../../tests/setup/validation";
import { EMPTY_FORM, parseRestaurantForm, restaurantFormSchema } from "./form-schema";

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

describe("restaurant form: every rule speaks both languages", () => {
  const image = { url: "/uploads/menu/a.webp", name: "Menu", size: 10, type: "image/webp" };
  it("gives every broken rule a message key with English and Hebrew text", () => {
    const problems = unkeyedMessages(restaurantFormSchema, valid, {
      tags: [["kosher", "kosher", 5], Array.from({ length: 60 }, () => "meat")],
      menuImages: [
        [{}],
        ["a"],
        [{ ...image, url: "" }],
        [{ ...image, url: "https://example.com/" + "a".repeat(2100) }],
        [{ ...image, name: "" }],
        [{ ...image, name: "n".repeat(300) }],
        [{ ...image, size: -1 }],
        [{ ...image, size: 1.5 }],
        [{ ...image, type: "t".repeat(200) }],
        Array.from({ length: 11 }, () => image),
      ],
    });
    expect(problems).toEqual([]);
  });
});
