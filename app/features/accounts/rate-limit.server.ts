// Fixed-window rate limits kept in the database, so every server process counts the same
// attempts. Applied in our own actions, which is where every sign-in, sign-up and reset goes.
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../../../database/schema/people";
import type { Db } from "../../../database/types";

export interface Limit {
  /** Maximum attempts per window. */
  max: number;
  windowMs: number;
}

export const LIMITS = {
  signInPerIp: { max: 20, windowMs: 15 * 60_000 },
  signInPerAccount: { max: 8, windowMs: 15 * 60_000 },
  signUpPerIp: { max: 5, windowMs: 60 * 60_000 },
  resetPerIp: { max: 5, windowMs: 60 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
  /** Codes entered (sign-in step, set-up confirmation): tighter than better-auth's own lockout. */
  twoFactorCodePerAccount: { max: 6, windowMs: 15 * 60_000 },
  twoFactorCodePerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Password confirmations for turning two-factor on or off and for new backup codes. */
  twoFactorPasswordPerAccount: { max: 8, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>;

export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly retryAfterMs: number) {
    super("rate limited");
  }
  get minutes(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 60_000));
  }
}

/** Counts one attempt under each key; throws RateLimitedError if any is over its limit. */
export async function hitRateLimits(db: Db, hits: { key: string; limit: Limit }[], now = new Date()): Promise<void> {
  let retryAfterMs = 0;
  for (const { key, limit } of hits) {
    const resetAt = new Date(now.getTime() + limit.windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning();
    if (row && row.count > limit.max) retryAfterMs = Math.max(retryAfterMs, row.resetAt.getTime() - now.getTime());
  }
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - 24 * 60 * 60_000)));
  if (retryAfterMs > 0) throw new RateLimitedError(retryAfterMs);
}
