// The unsubscribe link's token (the saved places' alerts): the account's id and an HMAC-SHA256 of it with
// the server's secret (AUTH_SECRET, as sessions and the toast cookie are signed), under a
// purpose of its own so no other signature of ours can stand in for it. It never expires: it can
// only turn alerts off, and the link in an old e-mail should still work.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "kta-alerts-unsubscribe:v1:";
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/;

const signatureOf = (userId: string, secret: string) =>
  createHmac("sha256", secret)
    .update(PURPOSE + userId)
    .digest("base64url");

export interface AlertTokens {
  sign(userId: string): string;
  /** The account a token was signed for, or null for anything else (forged, cut, not a token). */
  verify(token: string): string | null;
}

export function createAlertTokens(secret: string): AlertTokens {
  return {
    sign(userId) {
      return `${Buffer.from(userId, "utf8").toString("base64url")}.${signatureOf(userId, secret)}`;
    },
    verify(token) {
      if (typeof token !== "string" || token.length > 400) return null;
      const [encoded, signature, ...rest] = token.split(".");
      if (!encoded || !signature || rest.length > 0) return null;
      const userId = Buffer.from(encoded, "base64url").toString("utf8");
      if (!ACCOUNT_ID.test(userId)) return null;
      const expected = Buffer.from(signatureOf(userId, secret));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
