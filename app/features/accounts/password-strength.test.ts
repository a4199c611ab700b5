import { describe, expect, it } from "vitest";
import { checkPasswordStrength } from "./password-strength.server";

describe("password strength", () => {
  it("refuses common passwords and says why", () => {
    const result = checkPasswordStrength("123456");
    expect(result.ok).toBe(false);
    expect(result.reasons).toContain("error.weak.suggestion");
    expect(checkPasswordStrength("password1").reasons).toContain("error.weak.common");
  });

  it("refuses a password made of the user's own name or e-mail", () => {
    const result = checkPasswordStrength("levidana", ["Dana", "Levi", "dana.levi@example.com"]);
    expect(result.ok).toBe(false);
    expect(result.reasons).toContain("error.weak.personal");
  });

  it("accepts a passphrase of uncommon words", () => {
    expect(checkPasswordStrength("olive-branch-tlv-77")).toMatchObject({ ok: true, reasons: [] });
  });
});
