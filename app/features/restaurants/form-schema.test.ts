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

describe("restaurant form: links (ADR 013)", () => {
  it("stores a bare domain as its https address, in every link field, the menu link included", () => {
    const result = parseRestaurantForm({ ...valid, bookingLink: "www.example.com/book", woltLink: " wolt.com/x ", menuLink: "example.co.il/menu" });
    expect(result.ok && [result.values.bookingLink, result.values.woltLink, result.values.menuLink]).toEqual([
      "https://www.example.com/book",
      "https://wolt.com/x",
      "https://example.co.il/menu",
    ]);
  });

  it("still refuses every other scheme with the link message", () => {
    for (const link of ["javascript:alert(1)", "data:text/html,x", "mailto:a@example.com", "ftp://example.com/menu"]) {
      expect(parseRestaurantForm({ ...valid, bookingLink: link }), link).toEqual({ ok: false, errors: { bookingLink: "form.linkInvalid" } });
    }
  });
});
