// The unsubscribe link's token (ADR 024): made for one account with the server's secret, and
// nothing else passes for it.
import { describe, expect, it } from "vitest";
import { createAlertTokens } from "./token.server";

const tokens = createAlertTokens("secret-one-secret-one-secret-one-0123");

describe("alert unsubscribe tokens", () => {
  it("name the account they were signed for", () => {
    const token = tokens.sign("AbC123_-xyz");
    expect(tokens.verify(token)).toBe("AbC123_-xyz");
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("refuse a token signed with another secret, for another account, cut, or not a token at all", () => {
    const token = tokens.sign("account-1");
    const other = createAlertTokens("secret-two-secret-two-secret-two-0123");
    expect(other.verify(token)).toBeNull();
    const [, signature] = token.split(".");
    expect(tokens.verify(`${Buffer.from("account-2").toString("base64url")}.${signature}`)).toBeNull();
    expect(tokens.verify(token.slice(0, -1))).toBeNull();
    expect(tokens.verify(`${token}.x`)).toBeNull();
    for (const junk of ["", ".", "abc", "a.b", "%00.%00", "x".repeat(10_000), `${token}\u0000`])
      expect(tokens.verify(junk), junk.slice(0, 20)).toBeNull();
  });

  it("refuse an account id no account has (line breaks, dots, empty)", () => {
    const sign = (id: string) => `${Buffer.from(id).toString("base64url")}.x`;
    for (const id of ["a\nb", "a.b", ""]) expect(tokens.verify(sign(id))).toBeNull();
  });
});
