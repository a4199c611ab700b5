// Rabbinate listings that a complete register does not list (ADR 033): flagged for the admins
// (register_missing), their owners e-mailed once, the public state unchanged until an admin decides:
// "kept" (still certified: nothing changes) or "ended" (the certificate ends, read as expired at once).
import { and, eq, isNotNull, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { registerEntries, registerMissing } from "../../../../database/schema/register";
import { restaurants } from "../../../../database/schema/restaurants";
import type { AppServices } from "../../../lib/context";
import { addDays, formatLongDate } from "../../../lib/dates";
import { registerMissingEmail } from "../../../lib/emails";
import { AppError } from "../../../lib/errors";
import { isUuid } from "../../../lib/ids";
import { dashboardEditPath } from "../../../lib/member-paths";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import { ownerEmailsOf } from "../core/index.server";
import type { Actor } from "../editing/index.server";
import { changeListing } from "./listing-writes.server";
import { snapshotOf } from "./revocations.server";
import type { RegisterServices } from "./services";

/** The services flagging needs; with the settings (as every page has them) the e-mail links to the listing. */
export type MissingServices = RegisterServices & Partial<Pick<AppServices, "settings">>;

/**
 * For a complete register an admin applies: flags every open, unrevoked listing under the Rabbinate
 * that none of its entries is paired with (a pairing an admin dismissed does not count) in
 * register_missing, and e-mails its owners once: not again for this register, nor while an earlier
 * register's flag of the same listing waits for a decision. The public state is unchanged. Returns
 * the flagged listings' ids (this register's, earlier runs included). A partial (overridden) list
 * flags nothing; a revoked list is refused.
 */
export async function flagMissing(services: MissingServices, actor: Actor, snapshotId: string): Promise<string[]> {
  assertCan(actor, "register:manage");
  const snapshot = await snapshotOf(services, snapshotId);
  if (snapshot.list !== "register") throw new AppError("invalid", "registerAdmin.notCompleteRegister");
  if (snapshot.partial_reason !== null) return [];
  const { db } = services;
  const listed = db
    .select({ one: sql`1` })
    .from(registerEntries)
    .where(
      and(
        eq(registerEntries.snapshot_id, snapshot.id),
        eq(registerEntries.restaurant_id, restaurants.id),
        or(isNull(registerEntries.outcome), ne(registerEntries.outcome, "dismissed")),
      ),
    );
  const missing = await db
    .select({ id: restaurants.id, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
    .from(restaurants)
    .where(
      and(
        eq(restaurants.certificate_body, "rabbinate_tel_aviv"),
        eq(restaurants.is_permanently_closed, false),
        isNull(restaurants.certificate_revoked_on),
        notExists(listed),
      ),
    );
  const date = { en: formatLongDate(snapshot.published_on, "en"), he: formatLongDate(snapshot.published_on, "he") };
  for (const listing of missing) {
    // The row is the claim: a second run (or process) finds it taken and sends nothing.
    const claimed = await db
      .insert(registerMissing)
      .values({ snapshot_id: snapshot.id, restaurant_id: listing.id })
      .onConflictDoNothing()
      .returning({ id: registerMissing.restaurant_id });
    if (claimed.length === 0 || (await waitingElsewhere(services, snapshot.id, listing.id))) continue;
    const owners = await ownerEmailsOf(services.db, listing.id);
    if (owners.length === 0) continue;
    await db
      .update(registerMissing)
      .set({ notified_at: new Date() })
      .where(and(eq(registerMissing.snapshot_id, snapshot.id), eq(registerMissing.restaurant_id, listing.id)));
    const content = registerMissingEmail({
      restaurant: { en: listing.nameEn, he: listing.nameHe ?? listing.nameEn },
      date,
      link: `${services.settings?.publicUrl ?? ""}${dashboardEditPath(listing.id, "en")}`,
    });
    for (const to of owners) {
      // One address failing does not keep the others from being told, nor undo the flag.
      await services.sendEmail(to, content).catch((error: unknown) => {
        console.error("[register] missing-listing e-mail failed:", error);
      });
    }
  }
  const flagged = await db
    .select({ id: registerMissing.restaurant_id })
    .from(registerMissing)
    .where(eq(registerMissing.snapshot_id, snapshot.id));
  return flagged.map((row) => row.id);
}

/** An earlier register's flag of this listing, its owners told, still waiting for an admin's decision. */
async function waitingElsewhere(services: RegisterServices, snapshotId: string, restaurantId: string) {
  const [row] = await services.db
    .select({ id: registerMissing.restaurant_id })
    .from(registerMissing)
    .where(
      and(
        eq(registerMissing.restaurant_id, restaurantId),
        ne(registerMissing.snapshot_id, snapshotId),
        isNotNull(registerMissing.notified_at),
        isNull(registerMissing.decision),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * An admin's decision on a flagged listing: "kept" (still certified: the listing is unchanged) or
 * "ended": its certificate's last day becomes the day before the register was published (or stays,
 * if earlier) and it carries that register's date, so it reads expired at once, with no grace period
 * (certificate-status.ts), recorded in its history. A flag is decided once; AppError otherwise.
 */
export async function decideMissing(
  services: RegisterServices,
  actor: Actor,
  snapshotId: string,
  restaurantId: string,
  decision: "kept" | "ended",
): Promise<void> {
  assertCan(actor, "register:manage");
  if (decision !== "kept" && decision !== "ended") throw new AppError("invalid", "registerAdmin.notFlagged");
  const snapshot = await snapshotOf(services, snapshotId);
  await services.db.transaction(async (tx) => {
    const [flag] = isUuid(restaurantId)
      ? await tx
          .select()
          .from(registerMissing)
          .where(and(eq(registerMissing.snapshot_id, snapshot.id), eq(registerMissing.restaurant_id, restaurantId)))
          .for("update")
      : [];
    if (!flag) throw new AppError("notFound", "registerAdmin.notFlagged", { subject: restaurantId });
    if (flag.decision !== null) throw new AppError("conflict", "registerAdmin.alreadyDecided");
    await tx
      .update(registerMissing)
      .set({ decision, decided_by: isSystem(actor) ? null : actor.id, decided_at: new Date() })
      .where(and(eq(registerMissing.snapshot_id, snapshot.id), eq(registerMissing.restaurant_id, restaurantId)));
    if (decision === "kept") return;
    const lastDay = addDays(snapshot.published_on, -1);
    await changeListing(tx, actor, restaurantId, (row) => ({
      certificate_valid_until:
        row.certificate_valid_until && row.certificate_valid_until < lastDay ? row.certificate_valid_until : lastDay,
      register_published_on: snapshot.published_on,
    }));
  });
}
