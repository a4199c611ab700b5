import { describe, expect, it } from "vitest";
import { rulesOf } from "../../../lib/form-rules";
import { claimSchema, isPhoneNumber, parseClaim } from "./rules";

const form = (fields: Record<string, unknown>) => ({ get: (name: string) => fields[name] });

describe("the claim form's rules", () => {
  it("takes phone numbers as people write them, and refuses what is not one", () => {
    for (const phone of ["03-555-1234", "054 1234567", "+972 3 555 1234", "(03) 555.1234", "0501234567"])
      expect(isPhoneNumber(phone), phone).toBe(true);
    for (const phone of [
      "",
      "12345",
      "call me",
      "03-555-1234 ext",
      "++972 3 555 1234",
      "-03 555 1234",
      "1".repeat(16),
      "٠٣٥٥٥١٢٣٤",
    ])
      expect(isPhoneNumber(phone), phone).toBe(false);
  });

  it("trims what was typed and keeps an empty note", () => {
    expect(parseClaim(form({ role: "  Owner ", phone: " 03-555-1234 ", note: " \r\nWe opened in 2019.\r\n" }))).toEqual(
      {
        ok: true,
        values: { role: "Owner", phone: "03-555-1234", note: "We opened in 2019." },
      },
    );
    expect(parseClaim(form({ role: "Manager", phone: "03-555-1234" }))).toEqual({
      ok: true,
      values: { role: "Manager", phone: "03-555-1234", note: "" },
    });
  });

  it("names each field's message; a file where text belongs reads as nothing", () => {
    expect(parseClaim(form({ role: new Blob(["x"]), phone: "1", note: "n".repeat(1_001) }))).toEqual({
      ok: false,
      errors: { role: "claim.roleRequired", phone: "claim.phoneInvalid", note: "claim.noteTooLong" },
    });
    expect(parseClaim(form({ role: "Owner", phone: "", note: "\u0007" }))).toEqual({
      ok: false,
      errors: { phone: "claim.phoneRequired", note: "error.invalidCharacters" },
    });
  });

  it("every rule carries its message", () => {
    expect(rulesOf(claimSchema).filter((rule) => rule.message === undefined)).toEqual([]);
  });
});
