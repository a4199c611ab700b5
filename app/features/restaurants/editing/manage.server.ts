// Changing restaurants from the dashboard: create, update, delete, close, verify. Every change is
// recorded in restaurant_changes (changes.server.ts). Every function that writes checks that its
// actor may (assertCan: AppError "forbidden", nothing changed) — the routes check first for their
// redirects and answers, but a new caller cannot skip it. Scripts act as SYSTEM. The writes that
// make a restaurant's public history take an optional `now`, the time the change is recorded at
// (the demo data back-dates its listings' past with it); by default, the present.
import { eq, sql } from "drizzle-orm";
import {
  restaurantOwners,
  restaurants,
  restaurantSlugRedirects,
  type ChangeAction,
  type NewRestaurantRow,
  type RestaurantRow,
} from "../../../../database/schema/restaurants";
import type { WeeklyHours } from "../../../../database/hours";
import type { PesachPlan, PesachPlans } from "../../../../database/lifecycle";
import type { Db } from "../../../../database/types";
import { isUuid } from "../../../lib/ids";
import { AppError } from "../../../lib/errors";
import { mayBeLinkedAsOwner } from "../../../lib/permissions";
import { assertCan, hasRestaurantAccess } from "../../../lib/permissions.server";
import { attachedTo, attachFiles, checkFiles, namedFiles, releaseFiles } from "./uploads.server";
import {
  deriveKashrut,
  formValuesToRow,
  impliedCertificate,
  isKashrut,
  rowToRestaurant,
  slugFromName,
  type Restaurant,
  type RestaurantFormValues,
} from "../core";
import { diffRows, record, RestaurantNotFoundError, type Actor } from "./changes.server";
import { isSlugFor, uniqueSlug } from "./slugs.server";
import { isCertificateDay } from "../certificate";
import { isOpen, isSettleChoice, markSettled } from "./disagreements.server";

/**
 * Refuses (AppError "forbidden") unless `actor` may edit this restaurant: the spec's
 * has_restaurant_access, the same rule (and look-up) the dashboard's guards use.
 */
export async function mayEdit(db: Db, actor: Actor | null, id: string): Promise<Actor> {
  if (!actor || !(await hasRestaurantAccess(db, actor, id))) throw new AppError("forbidden", "access.denied");
  return actor;
}

/** Files a restaurant refers to (photo, certificate, PDF menu, menu images). */
export function filesOf(row: Pick<RestaurantRow, "photo" | "teuda" | "menu_link" | "menu_images">): string[] {
  return namedFiles(row).map((file) => file.url);
}

/**
 * Adds a restaurant. Its files must be unattached uploads of `actor` (FileNotAllowedError
 * otherwise, and nothing is saved), or held by the suggestion it is made from (`suggestionId`:
 * an approval); they are attached to it.
 */
export async function createRestaurant(
  db: Db,
  actor: Actor | null,
  values: RestaurantFormValues,
  options: { suggestionId?: string } = {},
): Promise<Restaurant> {
  assertCan(actor, "restaurant:create");
  return db.transaction(async (tx) => {
    const row = formValuesToRow(values);
    const fresh = await checkFiles(tx, actor, null, namedFiles(row), new Set(), { heldBy: options.suggestionId });
    const slug = await uniqueSlug(tx, slugFromName(values.nameEn));
    const [created] = await tx
      .insert(restaurants)
      .values({ ...row, slug })
      .returning();
    if (!created) throw new Error("insert returned nothing");
    await attachFiles(tx, created.id, fresh);
    // An owner who adds a restaurant may edit it: they are linked to it (admins and the system edit every restaurant).
    if (mayBeLinkedAsOwner(actor))
      await tx.insert(restaurantOwners).values({ restaurant_id: created.id, user_id: actor.id });
    await tx.delete(restaurantSlugRedirects).where(eq(restaurantSlugRedirects.old_slug, slug));
    await record(tx, actor, created, "create", diffRows(undefined, created));
    return rowToRestaurant(created);
  });
}

export interface UpdateResult {
  restaurant: Restaurant;
  /** Files the restaurant no longer refers to and nothing else uses, for the caller to delete after the save. */
  removedFiles: string[];
}

/**
 * Saves a restaurant's form. A file it names must be one the restaurant already names, one
 * attached to it, or an unattached upload of `actor` (FileNotAllowedError otherwise, and nothing
 * is saved). Files it stops naming are detached; those nothing else names are returned.
 */
export async function updateRestaurant(
  db: Db,
  actor: Actor | null,
  id: string,
  values: RestaurantFormValues,
  now?: Date,
): Promise<UpdateResult> {
  const editor = await mayEdit(db, actor, id);
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    // lastVerified is kept from the existing record (spec); it has its own control.
    const row = formValuesToRow(values, { lastVerified: existing.last_verified ?? undefined });
    // A certificate typed by hand (another body, level or last day) no longer cites the register it came from.
    const sameCertificate =
      row.certificate_body === existing.certificate_body &&
      row.certificate_level === existing.certificate_level &&
      row.certificate_valid_until === existing.certificate_valid_until;
    const registerPublishedOn = sameCertificate ? existing.register_published_on : null;
    const fresh = await checkFiles(tx, editor, id, namedFiles(row), new Set(filesOf(existing)));
    const base = slugFromName(values.nameEn);
    const slug = isSlugFor(existing.slug, base) ? existing.slug : await uniqueSlug(tx, base, id);
    const [updated] = await tx
      .update(restaurants)
      .set({ ...row, slug, register_published_on: registerPublishedOn, updated_at: now ?? new Date() })
      .where(eq(restaurants.id, id))
      .returning();
    if (!updated) throw new RestaurantNotFoundError(id);
    if (slug !== existing.slug) {
      // The old address keeps working: it redirects permanently to the new one.
      await tx.delete(restaurantSlugRedirects).where(eq(restaurantSlugRedirects.old_slug, slug));
      await tx
        .insert(restaurantSlugRedirects)
        .values({ old_slug: existing.slug, restaurant_id: id })
        .onConflictDoUpdate({
          target: restaurantSlugRedirects.old_slug,
          set: { restaurant_id: id, created_at: now ?? new Date() },
        });
    }
    const changes = diffRows(existing, updated);
    if (Object.keys(changes).length > 0) await record(tx, editor, updated, "update", changes, now);
    // The form wrote the kashrut value from the certificate: a disagreement left from the migration is settled.
    await markSettled(tx, editor, id, now);
    await attachFiles(tx, id, fresh);
    const kept = new Set(filesOf(updated));
    const removedFiles = await releaseFiles(
      tx,
      id,
      filesOf(existing).filter((url) => !kept.has(url)),
    );
    return { restaurant: rowToRestaurant(updated), removedFiles };
  });
}

/**
 * Deletes a restaurant (its owner links and redirects go with it); returns those of its files
 * that nothing else names, for the caller to delete after the transaction.
 */
export async function deleteRestaurant(db: Db, actor: Actor | null, id: string): Promise<string[]> {
  assertCan(actor, "restaurant:delete");
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    const files = [...filesOf(existing), ...(await attachedTo(tx, id))];
    await tx.delete(restaurants).where(eq(restaurants.id, id));
    await record(tx, actor, existing, "delete", diffRows(existing, undefined));
    return releaseFiles(tx, id, files);
  });
}

export async function setVerificationDate(
  db: Db,
  actor: Actor | null,
  id: string,
  date: string | null,
  now?: Date,
): Promise<Restaurant> {
  assertCan(actor, "verification:set");
  return changeFields(db, actor, id, { last_verified: date }, "verify", now);
}

/**
 * Marks a restaurant permanently closed (or open again), as the form's checkbox would: one field,
 * recorded in the history like any edit (the report queue's "Mark closed").
 */
export async function setPermanentlyClosed(
  db: Db,
  actor: Actor | null,
  id: string,
  closed: boolean,
  now?: Date,
): Promise<Restaurant> {
  return changeFields(db, await mayEdit(db, actor, id), id, { is_permanently_closed: closed }, "update", now);
}

/**
 * Sets (or clears, with null) a restaurant's structured hours, which the caller has checked by the
 * hours editor's rules (`setRestaurantHours` in hours.server.ts, which an import uses too). Refuses
 * an actor who may not edit this restaurant.
 */
export async function saveRestaurantHours(
  db: Db,
  actor: Actor | null,
  id: string,
  hours: WeeklyHours | null,
): Promise<Restaurant> {
  return changeFields(db, await mayEdit(db, actor, id), id, { hours }, "update");
}

/**
 * Sets one year's Pesach plan (null removes it), the other years kept, merged in the
 * database under the row's lock; checked by the caller (pesach/pesach.server.ts).
 */
export async function saveRestaurantPesach(
  db: Db,
  actor: Actor | null,
  id: string,
  year: string,
  plan: PesachPlan | null,
): Promise<Restaurant> {
  const pesach = plan
    ? sql`${restaurants.pesach} || ${JSON.stringify({ [year]: plan })}::jsonb`
    : sql`${restaurants.pesach} - ${year}::text`;
  return changeFields(db, await mayEdit(db, actor, id), id, { pesach: pesach as unknown as PesachPlans }, "update");
}

/**
 * Gives a restaurant a slug of its own (an import keeps the address a restaurant had: its slug need
 * not be the name's), if no restaurant has it yet; returns whether it did. The slug must be one the
 * site could make (`slugFromName` leaves it as it is). Refuses an actor who may not edit this restaurant.
 */
export async function adoptSlug(db: Db, actor: Actor | null, id: string, slug: string): Promise<boolean> {
  const editor = await mayEdit(db, actor, id);
  if (slug === "" || slugFromName(slug) !== slug) throw new AppError("invalid", "blog.slugInvalid", { subject: slug });
  const [taken] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.slug, slug));
  if (taken) return taken.id === id;
  await changeFields(db, editor, id, { slug }, "update");
  return true;
}

/**
 * "Renewed until …" from the certificates list (admins, `certificates:review`): a new last
 * valid day for a restaurant's certificate, later than its current one, through the change path
 * (history, live updates, caches). Refuses a restaurant without a supervising body (nothing to renew).
 */
export async function renewCertificate(
  db: Db,
  actor: Actor | null,
  id: string,
  validUntil: string,
  now?: Date,
): Promise<Restaurant> {
  assertCan(actor, "certificates:review");
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  const [existing] = await db
    .select({ body: restaurants.certificate_body, validUntil: restaurants.certificate_valid_until })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  if (!existing) throw new RestaurantNotFoundError(id);
  if (existing.body === null || existing.body === "none")
    throw new AppError("conflict", "certificates.dateInvalid", { subject: id });
  if (!isCertificateDay(validUntil) || (existing.validUntil !== null && validUntil <= existing.validUntil))
    throw new AppError("invalid", "certificates.dateInvalid", {
      subject: validUntil,
      fieldErrors: { validUntil: "certificates.dateInvalid" },
    });
  return changeFields(db, actor, id, { certificate_valid_until: validUntil }, "update", now);
}

/**
 * Settles a listing whose kashrut value and certificate disagreed (admins, "register:manage";
 * ADR 032), through the change path: "certificate" keeps the certificate and writes the kashrut
 * value it reads as; "kashrut" keeps the value and gives the certificate the body and level it
 * implies (its number and date kept with a body, dropped without one). Refuses a listing with
 * nothing open to settle (AppError "notFound") and a choice off the list ("invalid").
 */
export async function settleKashrut(
  db: Db,
  actor: Actor | null,
  id: string,
  choice: string,
  now?: Date,
): Promise<Restaurant> {
  assertCan(actor, "register:manage");
  if (!isSettleChoice(choice)) throw new AppError("invalid", "kashrutModel.choiceInvalid", { subject: choice });
  const nothingOpen = () => new AppError("notFound", "kashrutModel.notFound", { subject: id });
  if (!isUuid(id)) throw nothingOpen();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing || !(await isOpen(tx, id))) throw nothingOpen();
    let fields: Partial<NewRestaurantRow>;
    if (choice === "certificate") {
      fields = { kashrut: deriveKashrut(existing.certificate_body, existing.certificate_level) };
    } else {
      const implied = impliedCertificate(isKashrut(existing.kashrut) ? existing.kashrut : "unknown");
      fields = {
        certificate_body: implied.body,
        certificate_level: implied.level,
        ...(implied.body === null ? { certificate_number: null, certificate_valid_until: null } : {}),
        kashrut: deriveKashrut(implied.body, implied.level),
      };
    }
    const [updated] = await tx
      .update(restaurants)
      .set({ ...fields, updated_at: now ?? new Date() })
      .where(eq(restaurants.id, id))
      .returning();
    if (!updated) throw nothingOpen();
    const changes = diffRows(existing, updated);
    if (Object.keys(changes).length > 0) await record(tx, actor, updated, "update", changes, now);
    await markSettled(tx, actor, id, now);
    return rowToRestaurant(updated);
  });
}

/**
 * Sets some fields of one restaurant through the change path every write takes: the row locked,
 * updated with a new `updated_at` (the database announces the change: live updates, caches), and
 * the fields that changed recorded in the history, at `now` when given. Not exported: each caller
 * above has checked that `editor` may make this change.
 */
async function changeFields(
  db: Db,
  editor: Actor,
  id: string,
  fields: Partial<NewRestaurantRow>,
  action: ChangeAction,
  now?: Date,
): Promise<Restaurant> {
  if (!isUuid(id)) throw new RestaurantNotFoundError(id);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for("update");
    if (!existing) throw new RestaurantNotFoundError(id);
    const [updated] = await tx
      .update(restaurants)
      .set({ ...fields, updated_at: now ?? new Date() })
      .where(eq(restaurants.id, id))
      .returning();
    if (!updated) throw new RestaurantNotFoundError(id);
    const changes = diffRows(existing, updated);
    if (Object.keys(changes).length > 0) await record(tx, editor, updated, action, changes, now);
    return rowToRestaurant(updated);
  });
}

export async function getRestaurantById(db: Db, id: string): Promise<Restaurant | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  return row ? rowToRestaurant(row) : undefined;
}
