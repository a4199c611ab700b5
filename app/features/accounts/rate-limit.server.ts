// The accounts feature's rate limits (sign-in, sign-up, reset, two-factor) and the password-failure
// delays, on the shared limiter in app/lib/rate-limit.server.ts. Applied in our own actions.
import { eq, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "../../../database/schema/people";
import type { Db } from "../../../database/types";
import { hitRateLimits, RateLimitedError, type Limit } from "../../lib/rate-limit.server";

export { hitRateLimits, RateLimitedError, type Limit };

export const LIMITS = {
  /** Sign-in attempts (any account, right or wrong) from one address. */
  signInPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from one address; the window runs from the last one. */
  signInPerAccountAndIp: { max: 8, windowMs: 15 * 60_000 },
  signUpPerIp: { max: 5, windowMs: 60 * 60_000 },
  resetPerIp: { max: 5, windowMs: 60 * 60_000 },
  /** Reset requests for one account from one address: what its owner could send. */
  resetPerAccountAndIp: { max: 3, windowMs: 60 * 60_000 },
  /** Verification mails a signed-in account asks for again. */
  verifyPerAccount: { max: 3, windowMs: 60 * 60_000 },
  /** Codes entered (sign-in step, set-up confirmation): tighter than better-auth's own lockout. */
  twoFactorCodePerAccount: { max: 6, windowMs: 15 * 60_000 },
  twoFactorCodePerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Password confirmations for turning two-factor on or off and for new backup codes. */
  twoFactorPasswordPerAccount: { max: 8, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

/**
 * Wrong passwords for one account from every address. Never a lock: past `free` failures (counted
 * until the account has had `windowMs` without one), each attempt must come `baseDelayMs` ×
 * 2^(failures − free) after the last failure, at most `maxDelayMs`. The owner is told by e-mail
 * when `free` is reached, at most once per `alertWindowMs`.
 */
export const ACCOUNT_DELAY = {
  free: 10,
  windowMs: 15 * 60_000,
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  alertWindowMs: 24 * 60 * 60_000,
} as const;

/**
 * Password-reset e-mails to one account, whoever asks for them. Anyone may ask for anyone's reset,
 * so this is never a lock: `free` mails at any pace (counted until the account has had `windowMs`
 * without one), then one each `spacingMs`. A flood from many addresses reaches the owner's inbox a
 * few times a day at most, and the owner's own request goes through after a short wait.
 */
export const RESET_MAILS = {
  free: 5,
  windowMs: 24 * 60 * 60_000,
  spacingMs: 10 * 60_000,
} as const;

/** Takes one of the account's reset e-mails (see RESET_MAILS); RateLimitedError with the wait when none is free. */
export async function claimResetMail(db: Db, account: string, now = new Date()): Promise<void> {
  const key = `reset:mail:${account}`;
  const { free, windowMs, spacingMs } = RESET_MAILS;
  // The last mail went out at the window's end less the window.
  const allowed = sql`${rateLimits.count} < ${free} or ${rateLimits.resetAt} - ${ms(windowMs)} + ${ms(spacingMs)} <= ${now.toISOString()}::timestamptz`;
  if ((await claim(db, key, windowMs, allowed, now)) !== null) return;
  const lastMail = ((await rowOf(db, key))?.resetAt.getTime() ?? now.getTime()) - windowMs;
  throw new RateLimitedError(lastMail + spacingMs - now.getTime());
}

// ---------------------------------------------------------------------------------------------
// Password checks (sign-in, and the current password on the account page)

const pairKey = (account: string, ip: string) => `password:fail:pair:${account}|${ip}`;
const accountKey = (account: string) => `password:fail:account:${account}`;
const alertKey = (account: string) => `password:alert:${account}`;

export interface PasswordAttempt {
  /** The account's e-mail address, lower case. */
  account: string;
  ip: string;
}

/** How long after the last failure the account takes its next attempt, given its failure count. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_DELAY.free) return 0;
  return Math.min(
    ACCOUNT_DELAY.maxDelayMs,
    ACCOUNT_DELAY.baseDelayMs * 2 ** Math.min(30, failures - ACCOUNT_DELAY.free),
  );
}

/** Adds one to `key`'s count when `allowed` (or its window has ended); null when refused. The window runs from now. */
async function claim(db: Db, key: string, windowMs: number, allowed: SQL, now: Date): Promise<number | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`, resetAt },
      setWhere: sql`${rateLimits.resetAt} <= ${at} or (${allowed})`,
    })
    .returning();
  return row ? row.count : null;
}

/**
 * Takes `key` for `windowMs` if no one holds it: true once, false to everyone else until the window
 * ends (across processes: one statement on the shared table). For things that may happen once.
 */
export async function claimOnce(db: Db, key: string, windowMs: number, now = new Date()): Promise<boolean> {
  return (await claim(db, key, windowMs, sql`false`, now)) !== null;
}

/** Gives back a key taken with claimOnce (the thing did not happen after all). */
export async function releaseClaim(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

async function rowOf(db: Db, key: string) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row;
}

const ms = (value: number | SQL) => sql`(${value})::double precision * interval '1 millisecond'`;

export interface PasswordTicket {
  /** The account's failures, this attempt included. */
  accountFailures: number;
  /** The end of the account's window before this attempt (null: none running), and after it. */
  accountResetBefore: Date | null;
  accountResetClaimed: Date;
}

/**
 * Before a password is checked: counts the attempt for the address, and reserves it as a failure
 * for the account from this address and for the account (atomically, so parallel requests cannot
 * slip past a limit). Throws RateLimitedError, at once and without holding the request, when the
 * address has failed too often for the account or the account's delay has not passed.
 */
export async function beginPasswordAttempt(
  db: Db,
  { account, ip }: PasswordAttempt,
  now = new Date(),
): Promise<PasswordTicket> {
  await hitRateLimits(db, [{ key: `signin:ip:${ip}`, limit: LIMITS.signInPerIp }], now);
  const pair = pairKey(account, ip);
  const pairLimit = LIMITS.signInPerAccountAndIp;
  if ((await claim(db, pair, pairLimit.windowMs, sql`${rateLimits.count} < ${pairLimit.max}`, now)) === null) {
    const row = await rowOf(db, pair);
    throw new RateLimitedError((row?.resetAt.getTime() ?? now.getTime()) - now.getTime());
  }
  const { free, windowMs, baseDelayMs, maxDelayMs } = ACCOUNT_DELAY;
  // The account's last failure is its window's end less the window; the next attempt waits its delay.
  const delay = sql`least(${maxDelayMs}::double precision, ${baseDelayMs}::double precision * power(2, least(30, ${rateLimits.count} - ${free})))`;
  const allowed = sql`${rateLimits.count} < ${free} or ${rateLimits.resetAt} - ${ms(windowMs)} + ${ms(delay)} <= ${now.toISOString()}::timestamptz`;
  const before = await rowOf(db, accountKey(account));
  const accountFailures = await claim(db, accountKey(account), windowMs, allowed, now);
  if (accountFailures === null) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, pair));
    const row = await rowOf(db, accountKey(account));
    const lastFailure = (row?.resetAt.getTime() ?? now.getTime()) - windowMs;
    throw new RateLimitedError(lastFailure + accountDelayMs(row?.count ?? 0) - now.getTime());
  }
  return {
    accountFailures,
    accountResetBefore: before && before.resetAt > now ? before.resetAt : null,
    accountResetClaimed: new Date(now.getTime() + windowMs),
  };
}

/**
 * The password was wrong (its failure was counted when the attempt began). Answers whether to
 * tell the owner by e-mail: the account has reached the failures that start its delay, and has
 * not been told within the alert window.
 */
export async function passwordFailed(
  db: Db,
  { account }: PasswordAttempt,
  ticket: PasswordTicket,
  now = new Date(),
): Promise<{ alert: boolean }> {
  if (ticket.accountFailures < ACCOUNT_DELAY.free) return { alert: false };
  try {
    await hitRateLimits(
      db,
      [{ key: alertKey(account), limit: { max: 1, windowMs: ACCOUNT_DELAY.alertWindowMs } }],
      now,
    );
    return { alert: true };
  } catch (error) {
    if (error instanceof RateLimitedError) return { alert: false };
    throw error;
  }
}

/**
 * The password was right: it is no failure, and the address's earlier failures are forgotten.
 * The account's window is put back as it was (unless another attempt has moved it since), so the
 * owner signing in never makes earlier failures count for longer.
 */
export async function passwordSucceeded(
  db: Db,
  { account, ip }: PasswordAttempt,
  ticket: PasswordTicket,
): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, pairKey(account, ip)));
  const claimed = sql`${ticket.accountResetClaimed.toISOString()}::timestamptz`;
  await db
    .update(rateLimits)
    .set({
      count: sql`greatest(${rateLimits.count} - 1, 0)`,
      ...(ticket.accountResetBefore
        ? {
            resetAt: sql`case when ${rateLimits.resetAt} = ${claimed} then ${ticket.accountResetBefore.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          }
        : {}),
    })
    .where(eq(rateLimits.key, accountKey(account)));
}
