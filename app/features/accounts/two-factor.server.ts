// Two-factor sign-in (TOTP with backup codes) through better-auth's two-factor plugin, called on
// the server from our actions like every other auth call: our checks and rate limits first.
import { and, eq, gt } from "drizzle-orm";
import { sessions, twoFactors, users, verifications } from "../../../database/schema/auth";
import type { Db } from "../../../database/types";
import type { AppServices } from "../../lib/context";
import { mustKeepTwoFactor } from "../../lib/permissions";
import type { Viewer } from "../../lib/session.server";
import { AppError, isAppError } from "../../lib/errors";
import { authError, cookiesOnly, fieldError, withPasswordCheck } from "./accounts.server";
import { qrCode, type QrCode } from "./qr.server";
import { claimOnce, hitRateLimits, LIMITS, releaseClaim } from "./rate-limit.server";

export type TwoFactorState = "off" | "pending" | "on";

export interface TwoFactorSetup {
  /** The key in base32, as authenticator apps take it when typed in. */
  secret: string;
  qr: QrCode;
  backupCodes: string[];
}

const TOTP_CODE = /^\d{6}$/;
/**
 * How long a code from the app is accepted: its own 30-second step and one either side (better-auth
 * verifies with a window of 1). A code that opened a session is remembered this long, so it
 * cannot open another.
 */
const TOTP_VALID_MS = 3 * 30_000;
const BACKUP_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** "123 456" and "123-456" as apps show them; anything else is left for the format check. */
export function normaliseTotpCode(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

/** Backup codes are "abcde-12345"; typed without the hyphen (or with spaces) they still count. */
export function normaliseBackupCode(raw: string): string {
  const compact = raw.replace(/\s/g, "");
  return /^[A-Za-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

export async function twoFactorState(db: Db, viewer: Viewer): Promise<TwoFactorState> {
  if (viewer.twoFactorEnabled) return "on";
  const [row] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, viewer.id))
    .limit(1);
  return row && !row.verified ? "pending" : "off";
}

/** better-auth's INVALID_PASSWORD, about the field the two-factor forms use. */
function passwordFailure(error: unknown, field: string): unknown {
  const failure = authError(error);
  return isAppError(failure) && failure.messageKey === "account.wrongPassword"
    ? fieldError(failure.code, field, failure.messageKey)
    : failure;
}

/** The password asked again for a two-factor change: a guess here counts like one at sign-in. */
function confirmPassword<T>(services: AppServices, viewer: Viewer, check: () => Promise<T>): Promise<T> {
  return withPasswordCheck(services, viewer.email.toLowerCase(), "INVALID_PASSWORD", check);
}

function passwordMissing(field: string): AppError {
  return fieldError("invalid", field, "twoFactor.passwordRequired");
}

/** Step one of the set-up: the password, then a new secret and backup codes (not yet in force). */
export async function startTwoFactorSetup(
  services: AppServices,
  request: Request,
  viewer: Viewer,
  password: string,
): Promise<{ setup: TwoFactorSetup }> {
  if (viewer.twoFactorEnabled) throw new AppError("conflict", "twoFactor.alreadyEnabled");
  if (password === "") throw passwordMissing("setupPassword");
  try {
    await hitRateLimits(services.db, [
      { key: `2fa-password:account:${viewer.id}`, limit: LIMITS.twoFactorPasswordPerAccount },
    ]);
    const answer = await confirmPassword(services, viewer, () =>
      services.auth.api.enableTwoFactor({ body: { password }, headers: request.headers }),
    );
    const uri = "totpURI" in answer ? answer.totpURI : undefined;
    const secret = uri ? new URL(uri).searchParams.get("secret") : null;
    if (!uri || !secret || !("backupCodes" in answer) || !answer.backupCodes)
      throw new Error("two-factor set-up returned no TOTP URI");
    return { setup: { secret, qr: qrCode(uri), backupCodes: answer.backupCodes } };
  } catch (error) {
    throw passwordFailure(error, "setupPassword");
  }
}

/** Step two: a code from the app proves it has the secret; two-factor is then on. */
export async function confirmTwoFactorSetup(
  services: AppServices,
  request: Request,
  viewer: Viewer,
  rawCode: string,
): Promise<{ headers: Headers }> {
  const code = normaliseTotpCode(rawCode);
  if (!TOTP_CODE.test(code)) throw fieldError("invalid", "code", "twoFactor.codeFormat");
  try {
    await hitRateLimits(services.db, [
      { key: `2fa:ip:${services.clientIp}`, limit: LIMITS.twoFactorCodePerIp },
      { key: `2fa:account:${viewer.id}`, limit: LIMITS.twoFactorCodePerAccount },
    ]);
    // On success better-auth replaces the session (same device, new token): the cookie travels on.
    const { headers } = await services.auth.api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    // A session opened elsewhere before this never gave the second factor: signed out, as a
    // password change signs out every other device.
    const session = headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .filter((pair) => pair.includes("session_token="));
    await services.auth.api.revokeOtherSessions({ headers: new Headers({ cookie: session.join("; ") }) });
    return { headers: cookiesOnly(headers) };
  } catch (error) {
    throw authError(error);
  }
}

export async function disableTwoFactor(
  services: AppServices,
  request: Request,
  viewer: Viewer,
  password: string,
): Promise<{ headers: Headers }> {
  if (mustKeepTwoFactor(viewer, services.settings)) {
    throw new AppError("forbidden", "twoFactor.cannotDisable");
  }
  if (password === "") throw passwordMissing("disablePassword");
  try {
    await hitRateLimits(services.db, [
      { key: `2fa-password:account:${viewer.id}`, limit: LIMITS.twoFactorPasswordPerAccount },
    ]);
    const { headers } = await confirmPassword(services, viewer, () =>
      services.auth.api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true }),
    );
    return { headers: cookiesOnly(headers) };
  } catch (error) {
    throw passwordFailure(error, "disablePassword");
  }
}

/** New backup codes replace the old ones (all of them, used or not). */
export async function regenerateBackupCodes(
  services: AppServices,
  request: Request,
  viewer: Viewer,
  password: string,
): Promise<{ backupCodes: string[] }> {
  if (password === "") throw passwordMissing("codesPassword");
  try {
    await hitRateLimits(services.db, [
      { key: `2fa-password:account:${viewer.id}`, limit: LIMITS.twoFactorPasswordPerAccount },
    ]);
    const { backupCodes } = await confirmPassword(services, viewer, () =>
      services.auth.api.generateBackupCodes({ body: { password }, headers: request.headers }),
    );
    return { backupCodes };
  } catch (error) {
    throw passwordFailure(error, "codesPassword");
  }
}

const PENDING_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]*)/;

/** True while a sign-in waits for its second step (better-auth's two_factor cookie is present). */
export function hasPendingSignIn(request: Request): boolean {
  const match = PENDING_COOKIE.exec(request.headers.get("cookie") ?? "");
  return Boolean(match?.[1]);
}

/**
 * The account a pending sign-in belongs to, for its rate limit: the cookie carries a random
 * identifier (signed; better-auth checks the signature) of a short-lived verification row.
 */
async function pendingUserId(db: Db, request: Request): Promise<string | null> {
  const raw = PENDING_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const identifier = value.slice(0, value.lastIndexOf("."));
  if (!identifier.startsWith("2fa-")) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return row?.userId ?? null;
}

export type SecondFactor = "totp" | "backup";

/** The second sign-in step: a code from the app or a backup code; on success, a session cookie. */
export async function verifySignInCode(
  services: AppServices,
  request: Request,
  method: SecondFactor,
  rawCode: string,
): Promise<{ headers: Headers; userId: string }> {
  const code = method === "totp" ? normaliseTotpCode(rawCode) : normaliseBackupCode(rawCode);
  if (method === "totp" && !TOTP_CODE.test(code)) throw fieldError("invalid", "code", "twoFactor.codeFormat");
  if (method === "backup" && !BACKUP_CODE.test(code)) throw fieldError("invalid", "code", "twoFactor.backupFormat");
  try {
    // Every try counts for the address, even one without a valid step to verify.
    await hitRateLimits(services.db, [{ key: `2fa:ip:${services.clientIp}`, limit: LIMITS.twoFactorCodePerIp }]);
    const userId = await pendingUserId(services.db, request);
    if (!userId) throw new AppError("unauthorized", "twoFactor.expired");
    await hitRateLimits(services.db, [{ key: `2fa:account:${userId}`, limit: LIMITS.twoFactorCodePerAccount }]);
    const call = { body: { code }, headers: request.headers, returnHeaders: true } as const;
    if (method === "backup")
      return { headers: cookiesOnly((await services.auth.api.verifyBackupCode(call)).headers), userId };
    // A code from the app works once (RFC 6238 §5.2): taken before it is checked, so two requests
    // with one code cannot both pass; given back if it turns out wrong. A repeat gets the usual
    // message. (Backup codes are spent by better-auth itself.)
    const used = `2fa:used:${userId}:${code}`;
    if (!(await claimOnce(services.db, used, TOTP_VALID_MS)))
      throw fieldError("unauthorized", "code", "twoFactor.invalidCode");
    try {
      return { headers: cookiesOnly((await services.auth.api.verifyTOTP(call)).headers), userId };
    } catch (error) {
      await releaseClaim(services.db, used);
      throw error;
    }
  } catch (error) {
    throw authError(error);
  }
}

/**
 * The last resort for someone who lost both the phone and the backup codes: run on the server by
 * an operator (`npm run admin:create -- --email … --reset-2fa`). Turns two-factor off for the
 * account and signs it out everywhere. False if there is no such account.
 */
export async function resetTwoFactor(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (!user) return false;
    await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
}
