// The claims queue, admins only: the open claims with their account (and whether its
// e-mail address is verified), listing and proof, and the decisions — approve (the account becomes
// an owner linked to the listing, through the owner-link path, so the history records it; the
// listing's other open claims are closed) or reject with a reason. Every function checks its
// reader or actor itself (assertCan). decideClaim makes a decision and sends the claimants' e-mails
// itself, after the decision is kept: the page only calls it and shows the result.
import { and, count, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { ClaimStatus } from "../../../../database/lifecycle";
import { users } from "../../../../database/schema/auth";
import { claims } from "../../../../database/schema/lifecycle";
import { profiles, userRoles } from "../../../../database/schema/people";
import { restaurantOwners, restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import type { AppServices } from "../../../lib/context";
import { claimDecisionEmail } from "../../../lib/emails";
import { AppError } from "../../../lib/errors";
import { storableText } from "../../../lib/form-rules";
import { isUuid } from "../../../lib/ids";
import { localized, type Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import { can, mayBeLinkedAsOwner, type Subject } from "../../../lib/permissions";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import { claimPath, dashboardPath } from "../../../lib/paths";
import type { MessageKey } from "../../../locales/en";
import { type Actor, addOwner } from "../editing/index.server";
import { claimNeeded } from "./claims.server";
import { CLAIM_REASON_MAX } from "./rules";

export const CLAIMS_PAGE_SIZE = 50;

interface Reader extends Subject {
  id: string;
}

/** An admin's reason for rejecting a claim: required, at most 1,000 characters of storable text. */
export const rejectReasonSchema = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(
    storableText()
      .min(1, { error: "claims.reasonRequired" satisfies MessageKey })
      .max(CLAIM_REASON_MAX, { error: "claims.reasonTooLong" satisfies MessageKey }),
  );

export interface QueueClaim {
  id: string;
  restaurant: { id: string; slug: string; nameEn: string; nameHe: string | null };
  /** `emailVerified`: the claimant proved they read that address (a claim needs it; older ones may not have). */
  account: { id: string; email: string; name: string; emailVerified: boolean };
  role: string;
  phone: string;
  proofUrl: string;
  note: string;
  language: Language;
  status: ClaimStatus;
  decisionNote: string;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  /** Owners the listing has now (another claim approved, an admin's link): the admin decides. */
  listingOwners: number;
}

export interface ClaimQueue {
  claims: QueueClaim[];
  total: number;
  page: number;
  pages: number;
}

/** The claims queue (admins only), oldest open first; `status` undefined for all. */
export async function listClaims(
  db: Db,
  reader: Reader | null,
  filter: { status?: ClaimStatus | undefined; page?: number } = {},
): Promise<ClaimQueue> {
  assertCan(reader, "claims:manage");
  const where = filter.status ? eq(claims.status, filter.status) : undefined;
  const [totals] = await db.select({ total: count() }).from(claims).where(where);
  const total = totals?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLAIMS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(filter.page ?? 1) || 1), pages);
  const ownerCount = db.$count(restaurantOwners, eq(restaurantOwners.restaurant_id, claims.restaurant_id));
  const rows = await db
    .select({
      claim: claims,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      owners: ownerCount,
    })
    .from(claims)
    .innerJoin(restaurants, eq(restaurants.id, claims.restaurant_id))
    .innerJoin(users, eq(users.id, claims.user_id))
    .leftJoin(profiles, eq(profiles.id, claims.user_id))
    .where(where)
    .orderBy(filter.status === "open" ? claims.created_at : desc(claims.created_at), claims.id)
    .limit(CLAIMS_PAGE_SIZE)
    .offset((page - 1) * CLAIMS_PAGE_SIZE);
  const deciders = new Map<string, string>();
  for (const { claim } of rows) {
    if (claim.decided_by && !deciders.has(claim.decided_by)) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, claim.decided_by));
      deciders.set(claim.decided_by, row?.email ?? "");
    }
  }
  return {
    total,
    page,
    pages,
    claims: rows.map(({ claim, slug, nameEn, nameHe, email, emailVerified, firstName, lastName, owners }) => ({
      id: claim.id,
      restaurant: { id: claim.restaurant_id, slug, nameEn, nameHe },
      account: { id: claim.user_id, email, name: `${firstName ?? ""} ${lastName ?? ""}`.trim(), emailVerified },
      role: claim.role_at_restaurant,
      phone: claim.business_phone,
      proofUrl: claim.proof_url,
      note: claim.note,
      language: claim.language,
      status: claim.status,
      decisionNote: claim.decision_note,
      decidedBy: claim.decided_by ? (deciders.get(claim.decided_by) ?? null) : null,
      decidedAt: claim.decided_at?.toISOString() ?? null,
      createdAt: claim.created_at.toISOString(),
      listingOwners: Number(owners),
    })),
  };
}

/** How many claims wait for a decision (the dashboard navigation's badge); 0 for whoever may not decide them. */
export async function countOpenClaims(db: Db, reader: Reader): Promise<number> {
  if (!can(reader, "claims:manage")) return 0;
  const [row] = await db.select({ open: count() }).from(claims).where(eq(claims.status, "open"));
  return row?.open ?? 0;
}

/** A decided claim, for the claimant's e-mail (in the claim's language). */
export interface DecidedClaim {
  id: string;
  status: Exclude<ClaimStatus, "open">;
  email: string;
  language: Language;
  restaurant: { id: string; slug: string; name: { en: string; he?: string } };
  reason: string;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Takes the open claim `id` for a decision (locked until the transaction ends), or says why not. */
async function takeOpen(tx: Tx, id: string) {
  if (!isUuid(id)) throw new AppError("notFound", "claims.notFound", { subject: id });
  const [claim] = await tx.select().from(claims).where(eq(claims.id, id)).for("update");
  if (!claim) throw new AppError("notFound", "claims.notFound", { subject: id });
  if (claim.status !== "open") throw new AppError("conflict", "claims.alreadyDecided", { subject: id });
  const [restaurant] = await tx
    .select({ id: restaurants.id, slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
    .from(restaurants)
    .where(eq(restaurants.id, claim.restaurant_id));
  const [account] = await tx
    .select({ email: users.email, emailVerified: users.emailVerified, role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, claim.user_id));
  if (!restaurant || !account) throw new AppError("notFound", "claims.notFound", { subject: id });
  return {
    claim,
    restaurant,
    account: { email: account.email, emailVerified: account.emailVerified, role: account.role ?? "guest" },
  };
}

function decided(
  taken: Awaited<ReturnType<typeof takeOpen>>,
  status: DecidedClaim["status"],
  reason: string,
): DecidedClaim {
  const { claim, restaurant, account } = taken;
  return {
    id: claim.id,
    status,
    email: account.email,
    language: claim.language,
    restaurant: {
      id: restaurant.id,
      slug: restaurant.slug,
      name: { en: restaurant.nameEn, ...(restaurant.nameHe ? { he: restaurant.nameHe } : {}) },
    },
    reason,
  };
}

/** An approval: the claim approved, and the listing's other open claims it closed (each claimant is told). */
export interface ApprovedClaim extends DecidedClaim {
  closed: DecidedClaim[];
}

/**
 * Approves an open claim (admins): a guest account becomes an owner (an owner stays one; an admin,
 * who manages every listing already, is neither demoted nor linked) and is linked to the listing
 * through addOwner, which records the link in the history. One owner per listing through claims:
 * the listing's row is locked first, so approvals on one listing run one after the other; a listing
 * that has an owner already (another claim, an admin's link) refuses (`claims.listingManaged`), and
 * the approval closes the listing's other open claims as rejected, with a reason in each claimant's
 * language. The link records the claim, and the database keeps one such link per listing. A claim
 * from an address never verified (sent before claims needed one) is refused (`claims.unverified`).
 * All or nothing.
 */
export async function approveClaim(db: Db, actor: Actor | null, id: string, now = new Date()): Promise<ApprovedClaim> {
  assertCan(actor, "claims:manage");
  if (!isUuid(id)) throw new AppError("notFound", "claims.notFound", { subject: id });
  return db.transaction(async (tx) => {
    // The listing first, then the claims: two approvals on one listing wait for each other here,
    // and never hold one claim each while waiting for the other's.
    const [target] = await tx.select({ restaurantId: claims.restaurant_id }).from(claims).where(eq(claims.id, id));
    if (!target) throw new AppError("notFound", "claims.notFound", { subject: id });
    await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, target.restaurantId))
      .for("update");
    const taken = await takeOpen(tx, id);
    const { claim, account } = taken;
    if (!account.emailVerified) throw new AppError("conflict", "claims.unverified", { subject: id });
    const owners = await tx.$count(restaurantOwners, eq(restaurantOwners.restaurant_id, claim.restaurant_id));
    if (owners > 0) throw new AppError("conflict", "claims.listingManaged", { subject: id });
    if (claimNeeded(account)) {
      if (!mayBeLinkedAsOwner(account)) {
        // Only a guest gets here (admins never, owners already may be linked): made an owner.
        await tx
          .insert(userRoles)
          .values({ userId: claim.user_id, role: "owner" })
          .onConflictDoUpdate({
            target: userRoles.userId,
            set: { role: "owner", updatedAt: now },
            setWhere: eq(userRoles.role, "guest"),
          });
      }
      await addOwner(tx, actor, claim.restaurant_id, claim.user_id);
      await tx
        .update(restaurantOwners)
        .set({ claim_id: claim.id })
        .where(
          and(eq(restaurantOwners.restaurant_id, claim.restaurant_id), eq(restaurantOwners.user_id, claim.user_id)),
        );
    }
    const decidedBy = isSystem(actor) ? null : actor.id;
    await tx
      .update(claims)
      .set({ status: "approved", decided_by: decidedBy, decided_at: now })
      .where(eq(claims.id, claim.id));
    const others = await tx
      .select({ claim: claims, email: users.email })
      .from(claims)
      .innerJoin(users, eq(users.id, claims.user_id))
      .where(and(eq(claims.restaurant_id, claim.restaurant_id), eq(claims.status, "open"), ne(claims.id, claim.id)))
      .for("update", { of: claims });
    const closed: DecidedClaim[] = [];
    for (const other of others) {
      const reason = translator(other.claim.language)("claims.supersededReason");
      await tx
        .update(claims)
        .set({ status: "rejected", decision_note: reason, decided_by: decidedBy, decided_at: now })
        .where(eq(claims.id, other.claim.id));
      closed.push(
        decided(
          { ...taken, claim: other.claim, account: { ...taken.account, email: other.email } },
          "rejected",
          reason,
        ),
      );
    }
    return { ...decided(taken, "approved", ""), closed };
  });
}

/** Rejects an open claim (admins) with a reason, which the claimant is sent. A missing reason changes nothing. */
export async function rejectClaim(
  db: Db,
  actor: Actor | null,
  id: string,
  reason: string,
  now = new Date(),
): Promise<DecidedClaim> {
  assertCan(actor, "claims:manage");
  const parsed = rejectReasonSchema.safeParse(reason);
  if (!parsed.success) {
    const message =
      parsed.error.issues[0]?.message === "claims.reasonTooLong"
        ? "claims.reasonTooLong"
        : parsed.error.issues[0]?.message === "error.invalidCharacters"
          ? "error.invalidCharacters"
          : "claims.reasonRequired";
    throw new AppError("invalid", message, { fieldErrors: { reason: message } });
  }
  return db.transaction(async (tx) => {
    const taken = await takeOpen(tx, id);
    await tx
      .update(claims)
      .set({
        status: "rejected",
        decision_note: parsed.data,
        decided_by: isSystem(actor) ? null : actor.id,
        decided_at: now,
      })
      .where(eq(claims.id, taken.claim.id));
    return decided(taken, "rejected", parsed.data);
  });
}

/** What a decision needs besides the actor: the database, and the mail that tells the claimants. */
export type DecisionServices = Pick<AppServices, "db" | "sendEmail" | "settings">;

/** An admin's decision on one claim: approve it, or reject it with a reason. */
export type ClaimDecision = { intent: "approve" } | { intent: "reject"; reason: string };

/**
 * Decides a claim (approveClaim or rejectClaim), then tells the claimant in the claim's language;
 * an approval also tells the claimants whose open claims on the listing it closed. The e-mails go
 * after the decision is kept: failing to send one is logged and does not undo it.
 */
export async function decideClaim(
  services: DecisionServices,
  actor: Actor | null,
  id: string,
  decision: ClaimDecision,
): Promise<DecidedClaim & { closed?: DecidedClaim[] }> {
  const made: DecidedClaim & { closed?: DecidedClaim[] } =
    decision.intent === "approve"
      ? await approveClaim(services.db, actor, id)
      : await rejectClaim(services.db, actor, id, decision.reason);
  for (const one of [made, ...(made.closed ?? [])]) await tellClaimant(services, one);
  return made;
}

async function tellClaimant(services: DecisionServices, one: DecidedClaim): Promise<void> {
  const { language } = one;
  const link = `${services.settings.publicUrl}${one.status === "approved" ? dashboardPath(language) : claimPath(one.restaurant.slug, language)}`;
  const content = claimDecisionEmail({
    language,
    outcome: one.status,
    restaurant: localized(one.restaurant.name, language),
    reason: one.reason,
    link,
  });
  await services.sendEmail(one.email, content).catch((error: unknown) => {
    console.error("[claims] decision e-mail failed:", error);
  });
}
