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

describe("restaurant form: the practical facts", () => {
  it("takes a price level of 1 to 4 (text or a number), the three flags and wheelchair access, all optional", () => {
    expect(parseRestaurantForm(valid)).toMatchObject({
      ok: true,
      values: { priceLevel: "", delivery: false, wheelchair: "" },
    });
    const { priceLevel: _p, delivery: _d, takeaway: _t, catering: _c, wheelchair: _w, ...before } = valid;
    expect(parseRestaurantForm(before)).toMatchObject({
      ok: true,
      values: { priceLevel: "", catering: false, wheelchair: "" },
    });
    expect(parseRestaurantForm({ ...valid, priceLevel: " 4 ", delivery: true, wheelchair: "partly" })).toMatchObject({
      ok: true,
      values: { priceLevel: "4", delivery: true, wheelchair: "partly" },
    });
    expect(parseRestaurantForm({ ...valid, priceLevel: 2 })).toMatchObject({ ok: true, values: { priceLevel: "2" } });
  });

  it("refuses anything else, each with its own message", () => {
    for (const priceLevel of ["0", "5", "₪₪", "1.5", 7, null, true])
      expect(parseRestaurantForm({ ...valid, priceLevel }), String(priceLevel)).toEqual({
        ok: false,
        errors: { priceLevel: "form.priceLevelInvalid" },
      });
    for (const wheelchair of ["maybe", "YES!", 1])
      expect(parseRestaurantForm({ ...valid, wheelchair }), String(wheelchair)).toEqual({
        ok: false,
        errors: { wheelchair: "form.wheelchairInvalid" },
      });
    for (const delivery of ["yes", 1, null])
      expect(parseRestaurantForm({ ...valid, delivery }), String(delivery)).toEqual({
        ok: false,
        errors: { delivery: "form.yesNoInvalid" },
      });
  });
});

describe("restaurant form: one-line fields", () => {
  it("refuses a line break (CR or LF) in a name, the address, the phone or a menu file's name, and says why", () => {
    for (const [field, value] of [
      ["nameEn", "Falafel\r\nBcc: x@example.com"],
      ["nameHe", "פלאפל\n"],
      ["address", "1 Dizengoff\rSt"],
      ["phoneNumber", "03-555\n1234"],
    ] as const) {
      expect(parseRestaurantForm({ ...valid, [field]: value }), field).toEqual({
        ok: false,
        errors: { [field]: "error.lineBreak" },
      });
    }
    const menu = parseRestaurantForm({ ...valid, menuImages: [{ url: "/uploads/menus/a.webp", name: "menu\n.pdf" }] });
    expect(menu.ok).toBe(false);
  });

  it("keeps line breaks where text has paragraphs (descriptions, opening hours)", () => {
    expect(
      parseRestaurantForm({ ...valid, descriptionEn: "One.\r\n\r\nTwo.", openingHours: "Sun-Thu 12-23\nFri 9-14" }).ok,
    ).toBe(true);
  });
});

describe("restaurant form: links (ADR 013)", () => {
  it("stores a bare domain as its https address, in every link field, the menu link included", () => {
    const result = parseRestaurantForm({
      ...valid,
      bookingLink: "www.example.com/book",
      woltLink: " wolt.com/x ",
      menuLink: "example.co.il/menu",
    });
    expect(result.ok && [result.values.bookingLink, result.values.woltLink, result.values.menuLink]).toEqual([
      "https://www.example.com/book",
      "https://wolt.com/x",
      "https://example.co.il/menu",
    ]);
  });

  it("still refuses every other scheme with the link message", () => {
    for (const link of ["javascript:alert(1)", "data:text/html,x", "mailto:a@example.com", "ftp://example.com/menu"]) {
      expect(parseRestaurantForm({ ...valid, bookingLink: link }), link).toEqual({
        ok: false,
        errors: { bookingLink: "form.linkInvalid" },
      });
    }
  });
});

describe("the location rules", () => {
  it("take both coordinates or neither, inside Israel, and say which rule failed even beside other mistakes", () => {
    expect(parseRestaurantForm({ ...valid, latitude: " 32.0779 ", longitude: "34.7741" })).toMatchObject({
      ok: true,
      values: { latitude: "32.0779", longitude: "34.7741" },
    });
    expect(parseRestaurantForm({ ...valid, latitude: "", longitude: "" }).ok).toBe(true);
    expect(parseRestaurantForm({ ...valid, latitude: "29.5577", longitude: "34.9519" }).ok).toBe(true);
    const errors = (input: object) => {
      const result = parseRestaurantForm({ ...valid, ...input });
      return result.ok ? {} : result.errors;
    };
    expect(errors({ latitude: "35.1264", longitude: "33.4299" })).toEqual({ latitude: "form.locationOutside" });
    expect(errors({ latitude: "32.1", longitude: "" })).toEqual({ latitude: "form.locationIncomplete" });
    expect(errors({ latitude: "1e3", longitude: "34.7" })).toEqual({ latitude: "form.locationInvalid" });
    expect(errors({ nameEn: "", latitude: "0", longitude: "0" })).toEqual({
      nameEn: "form.nameEnMin",
      latitude: "form.locationOutside",
    });
  });
});

describe("a form without the location fields (sent before they existed)", () => {
  it("is read as having no location, not refused", () => {
    const { latitude: _latitude, longitude: _longitude, ...old } = { ...valid, latitude: "", longitude: "" };
    expect(parseRestaurantForm(old)).toMatchObject({ ok: true, values: { latitude: "", longitude: "" } });
  });
});

describe("restaurant form: the one kashrut group (ADR 032)", () => {
  const base = { ...EMPTY_FORM, nameEn: "Falafel", address: "1 Dizengoff St" };
  const parsed = (input: object) => {
    const result = parseRestaurantForm({ ...base, ...input });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
    return result.values;
  };

  it("derives the kashrut value from the body and level, whatever value came beside them", () => {
    expect(
      parsed({ certificateBody: "rabbinate_tel_aviv", certificateLevel: "mehadrin", kashrut: "tzohar" }),
    ).toMatchObject({
      kashrut: "mehadrin",
      certificateBody: "rabbinate_tel_aviv",
      certificateLevel: "mehadrin",
    });
    expect(parsed({ certificateBody: "badatz_landau" }).kashrut).toBe("mehadrin");
    expect(parsed({ certificateBody: "private_other", certificateLevel: "regular" }).kashrut).toBe("unknown");
  });

  it("takes no body as Unknown, and no longer requires a kashrut value", () => {
    expect(parsed({ kashrut: "" })).toMatchObject({ kashrut: "unknown", certificateBody: "" });
    expect(parsed({ certificateBody: "none" }).kashrut).toBe("unknown");
  });

  it("reads a value without a body (an older import or draft, a suggestion) as the body it implies", () => {
    expect(parsed({ kashrut: "rabanut" })).toMatchObject({
      kashrut: "rabanut",
      certificateBody: "rabbinate_tel_aviv",
      certificateLevel: "regular",
    });
    expect(parsed({ kashrut: "mehadrin" })).toMatchObject({
      certificateBody: "rabbinate_tel_aviv",
      certificateLevel: "mehadrin",
    });
    expect(parsed({ kashrut: "tzohar" })).toMatchObject({
      kashrut: "tzohar",
      certificateBody: "tzohar",
      certificateLevel: "",
    });
    expect(parsed({ kashrut: "unknown" })).toMatchObject({ kashrut: "unknown", certificateBody: "" });
  });

  it("takes meat, dairy or parve, or none, and refuses anything else with its message", () => {
    for (const kind of ["meat", "dairy", "parve", ""]) expect(parsed({ kosherKind: kind }).kosherKind).toBe(kind);
    expect(parsed({}).kosherKind).toBe("");
    const refused = parseRestaurantForm({ ...base, kosherKind: "fleishig" });
    expect(refused).toEqual({ ok: false, errors: { kosherKind: "kashrutModel.kindInvalid" } });
  });

  it("still refuses a certificate's details without a body, and a kashrut value off the list", () => {
    const details = parseRestaurantForm({ ...base, certificateValidUntil: "2027-04-20" });
    expect(details).toEqual({ ok: false, errors: { certificateBody: "form.certificateBodyRequired" } });
    const value = parseRestaurantForm({ ...base, kashrut: "kosher-ish" });
    expect(value).toEqual({ ok: false, errors: { kashrut: "form.kashrutRequired" } });
  });
});
