// Rate limits kept in the database (the shared `rate_limits` table), so every server process counts
// the same attempts. Fixed windows per key; any feature names its own keys and limits (the
// accounts feature's are in app/features/accounts/rate-limit.server.ts).
import { inArray, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../database/schema/people";
import type { Db } from "../../database/types";
import { AppError } from "./errors";

export interface Limit {
  /** Maximum attempts per window. */
  max: number;
  windowMs: number;
}

/** Too many attempts: 429, with the wait in the message (a short one, an account's delay, in seconds). */
export class RateLimitedError extends AppError {
  override name = "RateLimitedError";
  constructor(readonly retryAfterMs: number) {
    super(
      "rateLimited",
      retryAfterMs < 60_000 ? "error.waitSeconds" : "error.rateLimited",
      retryAfterMs < 60_000
        ? { values: { seconds: waitIn(retryAfterMs, 1_000) } }
        : { values: { minutes: waitIn(retryAfterMs, 60_000) } },
    );
  }
  get minutes(): number {
    return waitIn(this.retryAfterMs, 60_000);
  }
  get seconds(): number {
    return waitIn(this.retryAfterMs, 1_000);
  }
}

function waitIn(ms: number, unitMs: number): number {
  return Math.max(1, Math.ceil(ms / unitMs));
}

/**
 * Counts one attempt under each key, in order, or under none: the first key over its limit
 * refuses the attempt (RateLimitedError), the keys before it are given their attempt back and
 * the keys after it are never touched. So a refused attempt spends nothing: list the narrow keys
 * (an address) before the shared ones (a restaurant, an account), and a client refused for its
 * own excess cannot use up what others share.
 */
export async function hitRateLimits(db: Db, hits: { key: string; limit: Limit }[], now = new Date()): Promise<void> {
  const counted: string[] = [];
  for (const { key, limit } of hits) {
    const refusedUntil = await claimAttempt(db, key, limit, now);
    counted.push(key);
    if (refusedUntil) {
      await giveBack(db, counted);
      throw new RateLimitedError(refusedUntil.getTime() - now.getTime());
    }
  }
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01)
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - 24 * 60 * 60_000)));
}

/**
 * Adds one attempt under `key` (starting a new window when the last one ended). Null when that
 * keeps it within its limit, else the end of its window. One statement, so parallel requests (in
 * any process) cannot slip past a limit.
 */
async function claimAttempt(db: Db, key: string, limit: Limit, now: Date): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const resetAt = new Date(now.getTime() + limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error(`rate limit ${key}: the upsert returned no row`);
  return row.count > limit.max ? row.resetAt : null;
}

/** Takes back one attempt under each key (a refused attempt counts nowhere). */
async function giveBack(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, keys));
}
