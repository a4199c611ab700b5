// The city-wide batch date (ADR 033): Tel Aviv's Rabbinate renews all its certificates in one batch,
// twice a year, so most of its certificates share one last day. When they do, the days after it
// (within the grace period) read as the city's pending renewal, not as each listing's failure
// (certificate-status.ts). Counted once by the database and kept by the server until a listing
// changes (server/data/restaurant-cache.ts), never per page view.
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import type { CertificateClock } from "../core";

/** The share of the Rabbinate's dated certificates that must share one last day, and the fewest that make a batch. */
export const BATCH_SHARE = 0.5;
export const BATCH_MIN = 5;

/** The batch day from the most shared last day's count and the number of dated certificates; null without a batch. */
export function batchDayOf(top: { day: string; count: number } | undefined, total: number): string | null {
  if (!top || top.count < BATCH_MIN || top.count < total * BATCH_SHARE) return null;
  return top.day;
}

/** The last day most open, unrevoked Rabbinate certificates share (batchDayOf), read in one query. */
export async function certificateBatchDay(db: Db): Promise<string | null> {
  const where = and(
    eq(restaurants.certificate_body, "rabbinate_tel_aviv"),
    isNotNull(restaurants.certificate_valid_until),
    isNull(restaurants.certificate_revoked_on),
    eq(restaurants.is_permanently_closed, false),
  );
  const days = await db
    .select({ day: restaurants.certificate_valid_until, count: count() })
    .from(restaurants)
    .where(where)
    .groupBy(restaurants.certificate_valid_until)
    .orderBy(desc(count()), desc(restaurants.certificate_valid_until));
  const total = days.reduce((sum, row) => sum + row.count, 0);
  const top = days[0];
  return batchDayOf(top?.day ? { day: top.day, count: top.count } : undefined, total);
}

/** A page's certificate clock with the batch day, when the server keeps one (the browser tests' and the app's do). */
export async function withBatchDay<T extends CertificateClock>(
  services: { certificateBatchDay?: (() => Promise<string | null>) | undefined },
  clock: T,
): Promise<T> {
  const batchDay = await services.certificateBatchDay?.();
  return batchDay ? { ...clock, batchDay } : clock;
}

// The server's kept batch day, among the services every loader gets (app/lib/context.ts knows no feature).
declare module "../../../lib/context" {
  interface AppServices {
    /** The city-wide batch date (certificateBatchDay), kept until a listing changes; absent: none. */
    certificateBatchDay?: () => Promise<string | null>;
  }
}
