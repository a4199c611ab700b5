// The register's list of revoked certificates, applied (ADR 033). A listing paired with one of its
// entries reads "certificate revoked per the Rabbinate's list of {published_on}" at once
// (`certificate_revoked_on`: certificate-status.ts), recorded in its history. A later register,
// renewal or hand edit does not undo it: the renewal skips revoked listings and the form does not
// carry the column; only an admin clears it (clearRevocation, on the listing's editor page).
import { and, eq, inArray, isNotNull, isNull, or, ne } from "drizzle-orm";
import { registerEntries, registerSnapshots } from "../../../../database/schema/register";
import { AppError } from "../../../lib/errors";
import { isUuid } from "../../../lib/ids";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import type { Actor } from "../editing/index.server";
import { deriveKashrut } from "../core";
import { changeListing } from "./listing-writes.server";
import type { RegisterServices } from "./services";

/** The grades whose pairing an admin's apply takes without looking again (a review-grade pairing needs confirming). */
export const APPLIED_GRADES = ["exact", "probable"] as const;

/** The snapshot, or AppError notFound. */
export async function snapshotOf(services: RegisterServices, snapshotId: string) {
  const [snapshot] = isUuid(snapshotId)
    ? await services.db.select().from(registerSnapshots).where(eq(registerSnapshots.id, snapshotId))
    : [];
  if (!snapshot) throw new AppError("notFound", "registerAdmin.snapshotNotFound", { subject: snapshotId });
  return snapshot;
}

/**
 * Applies a revoked list (an admin's one action): every listing paired with one of its entries
 * (exact, probable, or confirmed by an admin) reads "certificate revoked per the Rabbinate's list
 * of {published_on}" at once (`certificate_revoked_on`), recorded in its history; returns how many.
 * A later register cannot undo it; only `clearRevocation` can. A listing revoked by an earlier list
 * keeps that list's date; applying the same list again changes nothing.
 */
export async function applyRevocations(services: RegisterServices, actor: Actor, snapshotId: string): Promise<number> {
  assertCan(actor, "register:manage");
  const snapshot = await snapshotOf(services, snapshotId);
  if (snapshot.list !== "revoked") throw new AppError("invalid", "registerAdmin.notRevokedList");
  return services.db.transaction(async (tx) => {
    const entries = await tx
      .select({ id: registerEntries.id, restaurantId: registerEntries.restaurant_id })
      .from(registerEntries)
      .where(
        and(
          eq(registerEntries.snapshot_id, snapshot.id),
          isNotNull(registerEntries.restaurant_id),
          inArray(registerEntries.grade, [...APPLIED_GRADES]),
          or(isNull(registerEntries.outcome), ne(registerEntries.outcome, "dismissed")),
        ),
      );
    let revoked = 0;
    for (const restaurantId of new Set(entries.flatMap((entry) => (entry.restaurantId ? [entry.restaurantId] : [])))) {
      const { before, after } = await changeListing(tx, actor, restaurantId, (row) =>
        row.certificate_revoked_on
          ? null
          : {
              certificate_revoked_on: snapshot.published_on,
              // The list is the Rabbinate's: a listing that named no body was under it (and its spec value
              // follows, as at every write: the one kashrut model).
              ...(row.certificate_body === null || row.certificate_body === "none"
                ? {
                    certificate_body: "rabbinate_tel_aviv" as const,
                    kashrut: deriveKashrut("rabbinate_tel_aviv", row.certificate_level),
                  }
                : {}),
            },
      );
      if (before !== after) revoked++;
    }
    const now = new Date();
    if (entries.length > 0)
      await tx
        .update(registerEntries)
        .set({ outcome: "revoked", decided_by: isSystem(actor) ? null : actor.id, decided_at: now })
        .where(
          inArray(
            registerEntries.id,
            entries.map((entry) => entry.id),
          ),
        );
    await tx
      .update(registerSnapshots)
      .set({ status: "applied", applied_by: isSystem(actor) ? null : actor.id, applied_at: now })
      .where(eq(registerSnapshots.id, snapshot.id));
    return revoked;
  });
}

/** Clears a listing's revocation (admins only), recorded in its history; a listing not revoked is left as it is. */
export async function clearRevocation(services: RegisterServices, actor: Actor, restaurantId: string): Promise<void> {
  assertCan(actor, "register:manage");
  await services.db.transaction(async (tx) => {
    await changeListing(tx, actor, restaurantId, (row) =>
      row.certificate_revoked_on ? { certificate_revoked_on: null } : null,
    );
  });
}
