// Applying a register snapshot (ADR 033), an admin's decisions one by one or in one step: the batch
// renewal (with its one undo), a changed level or meat/dairy, a review pairing confirmed or
// dismissed, unmatched eateries sent to the suggestions queue. Every write to a listing goes through
// the change path's history (record), with a new updated_at, so alerts, reminders, live updates and
// caches follow as for any edit. Each function checks its actor itself (register:manage).
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { EntryOutcome } from "../../../../database/register";
import { suggestions } from "../../../../database/schema/lifecycle";
import { registerEntries, registerRenewals, registerSnapshots } from "../../../../database/schema/register";
import { restaurants, type NewRestaurantRow } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import { isUuid } from "../../../lib/ids";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import type { Actor } from "../editing/index.server";
import { deriveKashrut } from "../core";
import { changeListing } from "./listing-writes.server";
import { openLeads, renewalPlan } from "./review.server";
import type { RegisterServices } from "./services";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const notFound = (id: string) => new AppError("notFound", "register.notFound", { subject: id });
const actorId = (actor: Actor) => (isSystem(actor) ? null : actor.id);

async function lockSnapshot(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound(id);
  const [snapshot] = await tx.select().from(registerSnapshots).where(eq(registerSnapshots.id, id)).for("update");
  if (!snapshot || snapshot.status === "discarded") throw notFound(id);
  return snapshot;
}

export interface AppliedRenewal {
  renewalId: string;
  validUntil: string;
  count: number;
}

/**
 * The renewal in one step: every listing paired (exact or probable) with an entry of the snapshot's
 * batch date, under the Rabbinate, not revoked, whose certificate's last day differs, gets that day
 * and the snapshot's publication day (register_published_on). Kept with each listing's values before
 * (register_renewals.before) for its one undo. Refuses a revoked list, a snapshot renewed already
 * (not undone), and a renewal of nothing.
 */
export async function applyRenewal(
  services: RegisterServices,
  actor: Actor | null,
  snapshotId: string,
  now: Date = new Date(),
): Promise<AppliedRenewal> {
  assertCan(actor, "register:manage");
  return services.db.transaction(async (tx) => {
    const snapshot = await lockSnapshot(tx, snapshotId);
    if (snapshot.list !== "register")
      throw new AppError("conflict", "register.nothingToRenew", { subject: snapshotId });
    const [active] = await tx
      .select({ id: registerRenewals.id })
      .from(registerRenewals)
      .where(and(eq(registerRenewals.snapshot_id, snapshotId), isNull(registerRenewals.undone_at)));
    if (active) throw new AppError("conflict", "register.alreadyRenewed", { subject: snapshotId });
    const plan = await renewalPlan(tx, snapshotId);
    if (!plan || plan.listings.length === 0)
      throw new AppError("conflict", "register.nothingToRenew", { subject: snapshotId });
    const before: { restaurantId: string; validUntil: string | null; registerPublishedOn: string | null }[] = [];
    for (const listing of plan.listings) {
      before.push({
        restaurantId: listing.restaurantId,
        validUntil: listing.validUntil,
        registerPublishedOn: listing.registerPublishedOn,
      });
      await changeListing(
        tx,
        actor,
        listing.restaurantId,
        () => ({ certificate_valid_until: plan.validUntil, register_published_on: snapshot.published_on }),
        now,
      );
    }
    const [renewal] = await tx
      .insert(registerRenewals)
      .values({
        snapshot_id: snapshotId,
        valid_until: plan.validUntil,
        before,
        applied_by: actorId(actor),
        applied_at: now,
      })
      .returning({ id: registerRenewals.id });
    if (!renewal) throw new Error("the renewal was not inserted");
    await setOutcome(tx, actor, plan.entryIds, "renewed", now);
    await tx
      .update(registerSnapshots)
      .set({ status: "applied", applied_by: actorId(actor), applied_at: now })
      .where(eq(registerSnapshots.id, snapshotId));
    return { renewalId: renewal.id, validUntil: plan.validUntil, count: plan.listings.length };
  });
}

/**
 * The renewal's one undo: each listing gets back its last day and register date from before, unless
 * it changed since (its last day is no longer the renewal's: a later edit wins); returns how many
 * were restored. Refuses a renewal undone already.
 */
export async function undoRenewal(
  services: RegisterServices,
  actor: Actor | null,
  renewalId: string,
  now: Date = new Date(),
): Promise<number> {
  assertCan(actor, "register:manage");
  if (!isUuid(renewalId)) throw notFound(renewalId);
  return services.db.transaction(async (tx) => {
    const [renewal] = await tx.select().from(registerRenewals).where(eq(registerRenewals.id, renewalId)).for("update");
    if (!renewal) throw notFound(renewalId);
    if (renewal.undone_at) throw new AppError("conflict", "register.alreadyUndone", { subject: renewalId });
    let restored = 0;
    for (const item of renewal.before) {
      // A listing gone since, or whose date changed since (a later edit wins), is left as it is.
      const [exists] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.id, item.restaurantId));
      if (!exists) continue;
      const { before, after } = await changeListing(
        tx,
        actor,
        item.restaurantId,
        (row) =>
          row.certificate_valid_until === renewal.valid_until
            ? { certificate_valid_until: item.validUntil, register_published_on: item.registerPublishedOn }
            : null,
        now,
      );
      if (after !== before) restored++;
    }
    await tx
      .update(registerRenewals)
      .set({ undone_by: actorId(actor), undone_at: now })
      .where(eq(registerRenewals.id, renewalId));
    await tx
      .update(registerEntries)
      .set({ outcome: null, decided_by: null, decided_at: null })
      .where(and(eq(registerEntries.snapshot_id, renewal.snapshot_id), eq(registerEntries.outcome, "renewed")));
    await tx
      .update(registerSnapshots)
      .set({ status: "pending", applied_by: null, applied_at: null })
      .where(eq(registerSnapshots.id, renewal.snapshot_id));
    return restored;
  });
}

async function setOutcome(tx: Tx, actor: Actor, entryIds: string[], outcome: EntryOutcome, now: Date) {
  if (entryIds.length === 0) return;
  await tx
    .update(registerEntries)
    .set({ outcome, decided_by: actorId(actor), decided_at: now })
    .where(inArray(registerEntries.id, entryIds));
}

async function lockEntry(tx: Tx, entryId: string) {
  if (!isUuid(entryId)) throw notFound(entryId);
  const [entry] = await tx.select().from(registerEntries).where(eq(registerEntries.id, entryId)).for("update");
  if (!entry) throw notFound(entryId);
  await lockSnapshot(tx, entry.snapshot_id);
  return entry;
}

const isPaired = (grade: string) => grade === "exact" || grade === "probable";

/**
 * One entry's level (mehadrin or regular) or meat/dairy/parve applied to its paired listing, where
 * the register says it and it differs. A listing under the Rabbinate keeps its derived kashrut value
 * true (mehadrin or rabanut). Refuses an entry not paired, decided already, or with nothing new.
 */
export async function applyEntryChange(
  services: RegisterServices,
  actor: Actor | null,
  entryId: string,
  now: Date = new Date(),
): Promise<void> {
  assertCan(actor, "register:manage");
  await services.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry.restaurant_id || !isPaired(entry.grade) || entry.outcome === "changed")
      throw new AppError("conflict", "register.nothingToChange", { subject: entryId });
    const [listing] = await tx.select().from(restaurants).where(eq(restaurants.id, entry.restaurant_id));
    if (!listing) throw notFound(entryId);
    const fields: Partial<NewRestaurantRow> = {};
    if (entry.level && entry.level !== listing.certificate_level) {
      fields.certificate_level = entry.level;
      // The spec's value follows the certificate (the one kashrut model, ADR 032).
      fields.kashrut = deriveKashrut(listing.certificate_body, entry.level);
    }
    if (entry.kind && entry.kind !== listing.kosher_kind) fields.kosher_kind = entry.kind;
    if (Object.keys(fields).length === 0)
      throw new AppError("conflict", "register.nothingToChange", { subject: entryId });
    await changeListing(tx, actor, listing.id, () => fields, now);
    await setOutcome(tx, actor, [entry.id], "changed", now);
  });
}

/**
 * An admin confirms a review-grade pairing: the entry counts as probable from now on (its reasons
 * gain "confirmed"), so the renewal and the revocations take it. Refuses a listing that another
 * entry of the snapshot holds as exact or probable.
 */
export async function confirmEntry(
  services: RegisterServices,
  actor: Actor | null,
  entryId: string,
  now: Date = new Date(),
): Promise<void> {
  assertCan(actor, "register:manage");
  await services.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (entry.grade !== "review" || !entry.restaurant_id)
      throw new AppError("conflict", "register.notForReview", { subject: entryId });
    const [taken] = await tx
      .select({ id: registerEntries.id })
      .from(registerEntries)
      .where(
        and(
          eq(registerEntries.snapshot_id, entry.snapshot_id),
          eq(registerEntries.restaurant_id, entry.restaurant_id),
          inArray(registerEntries.grade, ["exact", "probable"]),
        ),
      );
    if (taken) throw new AppError("conflict", "register.listingTaken", { subject: entryId });
    await tx
      .update(registerEntries)
      .set({
        grade: "probable",
        reasons: sql`array_append(${registerEntries.reasons}, 'confirmed')`,
        decided_by: actorId(actor),
        decided_at: now,
      })
      .where(eq(registerEntries.id, entry.id));
  });
}

/**
 * An admin sets an entry aside: a review-grade pairing is undone ("not this listing": the entry is
 * new, a lead if it is a place to eat); any other undecided entry is dismissed.
 */
export async function dismissEntry(
  services: RegisterServices,
  actor: Actor | null,
  entryId: string,
  now: Date = new Date(),
): Promise<void> {
  assertCan(actor, "register:manage");
  await services.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (entry.outcome !== null) throw new AppError("conflict", "register.decided", { subject: entryId });
    if (entry.grade === "review")
      await tx
        .update(registerEntries)
        .set({
          grade: "new",
          restaurant_id: null,
          reasons: sql`array_append(${registerEntries.reasons}, 'dismissed')`,
          decided_by: actorId(actor),
          decided_at: now,
        })
        .where(eq(registerEntries.id, entry.id));
    else await setOutcome(tx, actor, [entry.id], "dismissed", now);
  });
}

/**
 * Unmatched places to eat sent to the suggestions queue as leads, their facts filled in (name,
 * address, the Rabbinate's certificate, a note naming the register): one entry, or (entryId null)
 * every such entry of the snapshot not decided yet. Returns how many leads were made.
 */
export async function sendLeads(
  services: RegisterServices,
  actor: Actor | null,
  snapshotId: string,
  entryId: string | null,
  now: Date = new Date(),
): Promise<number> {
  assertCan(actor, "register:manage");
  if (entryId !== null && !isUuid(entryId)) throw notFound(entryId);
  return services.db.transaction(async (tx) => {
    const snapshot = await lockSnapshot(tx, snapshotId);
    if (snapshot.list !== "register") throw new AppError("conflict", "register.noLeads", { subject: snapshotId });
    const entries = await tx
      .select()
      .from(registerEntries)
      .where(and(openLeads(snapshotId), ...(entryId ? [eq(registerEntries.id, entryId)] : [])))
      .orderBy(registerEntries.position)
      .for("update");
    if (entries.length === 0) throw new AppError("conflict", "register.noLeads", { subject: entryId ?? snapshotId });
    await tx.insert(suggestions).values(
      entries.map((entry) => {
        const hebrew = /[\u0590-\u05FF]/.test(entry.name);
        const level = entry.level === "mehadrin" ? " מהדרין" : "";
        return {
          name_he: hebrew ? entry.name : "",
          name_en: hebrew ? "" : entry.name,
          address: [entry.address, entry.city].filter(Boolean).join(", "),
          kashrut: `הרבנות תל אביב-יפו${level}${entry.valid_until ? `, בתוקף עד ${entry.valid_until}` : ""}`,
          note: [
            `From the Rabbinate's register of ${snapshot.published_on} / מפנקס הכשרות של הרבנות מ-${snapshot.published_on}`,
            entry.business_type,
            entry.phone,
          ]
            .filter(Boolean)
            .join(" · "),
          language: "he" as const,
          proof_of_work: true,
          created_at: now,
        };
      }),
    );
    await setOutcome(
      tx,
      actor,
      entries.map((entry) => entry.id),
      "lead",
      now,
    );
    return entries.length;
  });
}

/** Marks a snapshot applied (a revoked list once its revocations are applied). */
export async function markApplied(services: RegisterServices, actor: Actor | null, snapshotId: string): Promise<void> {
  assertCan(actor, "register:manage");
  await services.db.transaction(async (tx) => {
    await lockSnapshot(tx, snapshotId);
    await tx
      .update(registerSnapshots)
      .set({ status: "applied", applied_by: actorId(actor), applied_at: new Date() })
      .where(eq(registerSnapshots.id, snapshotId));
  });
}

/** Sets a pending snapshot aside (a wrong file): it stays listed, applies nothing, and is no list's "previous". */
export async function discardSnapshot(
  services: RegisterServices,
  actor: Actor | null,
  snapshotId: string,
): Promise<void> {
  assertCan(actor, "register:manage");
  await services.db.transaction(async (tx) => {
    const snapshot = await lockSnapshot(tx, snapshotId);
    if (snapshot.status !== "pending") throw new AppError("conflict", "register.decided", { subject: snapshotId });
    await tx.update(registerSnapshots).set({ status: "discarded" }).where(eq(registerSnapshots.id, snapshotId));
  });
}
