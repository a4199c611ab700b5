// Rate limits kept in the database (the shared `rate_limits` table), so every server process counts
// the same attempts. Fixed windows per key; any feature names its own keys and limits (the
// accounts feature's are in app/features/accounts/rate-limit.server.ts).
import { lt, sql } from "drizzle-orm";
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
      retryAfterMs < 60_000 ? { values: { seconds: waitIn(retryAfterMs, 1_000) } } : { values: { minutes: waitIn(retryAfterMs, 60_000) } },
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
