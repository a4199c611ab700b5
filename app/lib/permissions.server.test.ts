import { describe, expect, it } from "vitest";
import { canUpload, mustSetUpTwoFactor } from "./permissions.server";

const on = { requireTwoFactorForAdmins: true };
const off = { requireTwoFactorForAdmins: false };

describe("two-factor for admins (REQUIRE_2FA_FOR_ADMINS)", () => {
  it("holds back only admins without two-factor, and only when the setting is on", () => {
    expect(mustSetUpTwoFactor({ role: "admin", twoFactorEnabled: false }, on)).toBe(true);
    expect(mustSetUpTwoFactor({ role: "admin", twoFactorEnabled: true }, on)).toBe(false);
    expect(mustSetUpTwoFactor({ role: "admin", twoFactorEnabled: false }, off)).toBe(false);
    expect(mustSetUpTwoFactor({ role: "owner", twoFactorEnabled: false }, on)).toBe(false);
    expect(mustSetUpTwoFactor(null, on)).toBe(false);
  });

  it("refuses uploads from such an admin, as the dashboard does", () => {
    expect(canUpload({ role: "admin", twoFactorEnabled: false }, on)).toBe(false);
    expect(canUpload({ role: "admin", twoFactorEnabled: true }, on)).toBe(true);
    expect(canUpload({ role: "admin", twoFactorEnabled: false }, off)).toBe(true);
    expect(canUpload({ role: "owner", twoFactorEnabled: false }, on)).toBe(true);
    expect(canUpload({ role: "guest", twoFactorEnabled: true }, on)).toBe(false);
    expect(canUpload(null, off)).toBe(false);
  });
});
