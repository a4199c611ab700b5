// A certificate's last day has one rule wherever it is typed: the listing's own certificate (the
// restaurant form) and Pesach's certificate (the Pesach form) take the same years and refuse the
// rest with the same words, in English and Hebrew.
import { describe, expect, it } from "vitest";
import { en } from "../../../locales/en";
import { he } from "../../../locales/he";
import { EMPTY_FORM, parseRestaurantForm } from "../editing/form-schema";
import { parsePesachForm } from "../pesach/editing/pesach-form";

const listing = (validUntil: string) =>
  parseRestaurantForm({
    ...EMPTY_FORM,
    nameEn: "Falafel",
    address: "1 Dizengoff St",
    kashrut: "tzohar",
    certificateBody: "tzohar",
    certificateValidUntil: validUntil,
  });
const pesach = (validUntil: string) =>
  parsePesachForm({ status: "kosher", kitniyot: "", body: "tzohar", level: "", validUntil, cholFrom: "", cholTo: "" });

function messageOf(
  parsed: { ok: true } | { ok: false; errors: Partial<Record<string, string>> },
  field: string,
): string | undefined {
  return parsed.ok ? undefined : parsed.errors[field];
}

describe("a certificate's last day", () => {
  it("both forms refuse a year out of 2000-2100 (0100, 1999, 2101, 9999) and a day that does not exist, with one message in both languages", () => {
    for (const day of ["0100-01-01", "1999-12-31", "2101-01-01", "9999-12-31", "2027-02-30"]) {
      const fromListing = messageOf(listing(day), "certificateValidUntil");
      const fromPesach = messageOf(pesach(day), "validUntil");
      expect(fromListing, day).toBe("form.certificateDateInvalid");
      expect(fromPesach, day).toBe(fromListing);
    }
    expect(en["form.certificateDateInvalid"]).toMatch(/date/i);
    expect(he["form.certificateDateInvalid"]).toMatch(/[\u0590-\u05ff]/);
  });

  it("both forms take the first and last believable years", () => {
    for (const day of ["2000-01-01", "2027-04-30", "2100-12-31"]) {
      expect(listing(day).ok, day).toBe(true);
      expect(pesach(day).ok, day).toBe(true);
    }
  });
});
