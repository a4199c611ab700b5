// The listings whose two kashrut inputs disagreed when they were made one (ADR 032): the migration
// kept the spec value shown and listed them in kashrut_disagreements for the admins to settle, at
// /dashboard/kashrut ("register:manage"). Settling writes through the listing's change path
// (manage.server.ts's settleKashrut); a save of the listing's form settles it too (`markSettled`).
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";
import { kashrutDisagreements } from "../../../../database/schema/register";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import type { Bilingual } from "../../../lib/i18n/language";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import { deriveKashrut, isKashrut, type Kashrut } from "../core";
import type { Actor, DbOrTx } from "./changes.server";

/** Which of the two inputs an admin keeps. */
export const SETTLE_CHOICES = ["certificate", "kashrut"] as const;
export type SettleChoice = (typeof SETTLE_CHOICES)[number];
export const isSettleChoice = (value: unknown): value is SettleChoice =>
  (SETTLE_CHOICES as readonly unknown[]).includes(value);

/** One listing to settle: what it shows (its stored value) beside what its certificate says today. */
export interface Disagreement {
  id: string;
  slug: string;
  name: Bilingual;
  /** The spec value the listing shows. */
  kashrut: Kashrut;
  body: CertificateBody | null;
  level: CertificateLevel | null;
  /** The spec value the certificate's body and level read as. */
  derived: Kashrut;
}

const open = isNull(kashrutDisagreements.settled_at);

/**
 * The open disagreements, by English name. A listing whose certificate has come to agree with its
 * value since (edited some other way) is left out: nothing is left to choose.
 */
export async function listDisagreements(db: Db, reader: Actor | null): Promise<Disagreement[]> {
  assertCan(reader, "register:manage");
  const rows = await db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      kashrut: restaurants.kashrut,
      body: restaurants.certificate_body,
      level: restaurants.certificate_level,
    })
    .from(kashrutDisagreements)
    .innerJoin(restaurants, eq(restaurants.id, kashrutDisagreements.restaurant_id))
    .where(open)
    .orderBy(asc(restaurants.name_en));
  return rows.flatMap((row) => {
    const kashrut = isKashrut(row.kashrut) ? row.kashrut : "unknown";
    const derived = deriveKashrut(row.body, row.level);
    if (derived === kashrut) return [];
    const name: Bilingual = row.nameHe ? { en: row.nameEn, he: row.nameHe } : { en: row.nameEn };
    return [{ id: row.id, slug: row.slug, name, kashrut, body: row.body, level: row.level, derived }];
  });
}

/** How many are open (the dashboard's link shows it); 0 for anyone who may not settle them. */
export async function countDisagreements(db: Db, reader: Actor | null): Promise<number> {
  try {
    assertCan(reader, "register:manage");
  } catch {
    return 0;
  }
  const [row] = await db.select({ open: count() }).from(kashrutDisagreements).where(open);
  return row?.open ?? 0;
}

/** Marks a listing's open disagreement settled by `actor`, inside the write that settled it. */
export async function markSettled(tx: DbOrTx, actor: Actor, restaurantId: string, now?: Date): Promise<void> {
  await tx
    .update(kashrutDisagreements)
    .set({ settled_by: isSystem(actor) ? null : actor.id, settled_at: now ?? new Date() })
    .where(and(eq(kashrutDisagreements.restaurant_id, restaurantId), open));
}

/** Whether the listing has an open disagreement (locked with the listing's row by the caller's transaction). */
export async function isOpen(tx: DbOrTx, restaurantId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: kashrutDisagreements.restaurant_id })
    .from(kashrutDisagreements)
    .where(and(eq(kashrutDisagreements.restaurant_id, restaurantId), open));
  return row !== undefined;
}
