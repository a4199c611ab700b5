// The admins' list of certificates (`certificates:review`): those whose last valid day
// is in the next 30 days, and those already past it (renewal pending during the grace period, then
// expired), the soonest first. Each is renewed with one click (manage.server.ts renewCertificate).
import { and, asc, isNotNull, lte, ne } from "drizzle-orm";
import type { CertificateBody } from "../../../../database/lifecycle";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { addDays, isCalendarDay } from "../../../lib/dates";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { certificateState, type CertificateClock, type CertificateState } from "../core";

/** How far ahead the list looks. */
export const EXPIRING_WITHIN_DAYS = 30;
/** The most rows the list shows (the soonest first). */
export const CERTIFICATE_LIST_LIMIT = 300;

export interface ListedCertificate {
  id: string;
  slug: string;
  name: { en: string; he?: string };
  body: CertificateBody;
  validUntil: string;
  state: CertificateState;
  /** The date the renewal form offers: a year after the current one (or after today, when that is past too). */
  suggested: string;
}

export async function listCertificates(
  db: Db,
  reader: Subject | null,
  clock: CertificateClock,
): Promise<ListedCertificate[]> {
  assertCan(reader, "certificates:review");
  const rows = await db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      body: restaurants.certificate_body,
      validUntil: restaurants.certificate_valid_until,
    })
    .from(restaurants)
    .where(
      and(
        isNotNull(restaurants.certificate_body),
        ne(restaurants.certificate_body, "none"),
        lte(restaurants.certificate_valid_until, addDays(clock.today, EXPIRING_WITHIN_DAYS)),
      ),
    )
    .orderBy(asc(restaurants.certificate_valid_until), asc(restaurants.name_en))
    .limit(CERTIFICATE_LIST_LIMIT);
  return rows.flatMap((row) => {
    if (!row.body || !row.validUntil) return [];
    const facts = { body: row.body, validUntil: row.validUntil };
    return [
      {
        id: row.id,
        slug: row.slug,
        name: row.nameHe ? { en: row.nameEn, he: row.nameHe } : { en: row.nameEn },
        body: row.body,
        validUntil: row.validUntil,
        state: certificateState(facts, clock),
        suggested: renewalSuggestion(row.validUntil, clock.today),
      },
    ];
  });
}

/** The same day a year later (28 February for 29 February). */
export function yearAfter(day: string): string {
  const next = `${String(Number(day.slice(0, 4)) + 1).padStart(4, "0")}${day.slice(4)}`;
  return isCalendarDay(next) ? next : next.replace(/-29$/, "-28");
}

/** What "Renewed until" offers: a year after the current last day, or after today if that is past too. */
export function renewalSuggestion(validUntil: string, today: string): string {
  const after = yearAfter(validUntil);
  return after > today ? after : yearAfter(today);
}
