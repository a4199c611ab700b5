// "Is this your restaurant?" (ADR 023): a signed-in account claims a listing without owners with
// its role there, a business phone and one proof (a file, through the normal upload checks); admins
// approve (the account becomes an owner, linked to the listing through the owner-link path, so the
// history records it) or reject with a reason. Every function checks its actor or reader itself
// (assertCan), so no route or script can skip it. The claimant's e-mail is the route's (emails.ts).
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { ClaimStatus } from "../../../../database/lifecycle";
import { users } from "../../../../database/schema/auth";
import { claims } from "../../../../database/schema/lifecycle";
import { restaurantOwners, restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { AppError, isAppError } from "../../../lib/errors";
import type { Language } from "../../../lib/i18n/language";
import { isAdministrator, type Subject } from "../../../lib/permissions";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import { hitRateLimits, type Limit } from "../../../lib/rate-limit.server";
import type { AppServices } from "../../../lib/context";
import type { ClaimValues } from "./rules";

const DAY_MS = 24 * 60 * 60_000;

/**
 * How many claims may be sent: per address first (a refused attempt spends nothing of the
 * account's), then per account. A claim refused for another reason (bad input, a listing with
 * owners, one already open) counts under neither.
 */
export const CLAIM_LIMITS = {
  perIp: { max: 10, windowMs: DAY_MS },
  perAccount: { max: 5, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

interface Reader extends Subject {
  id: string;
}

/** What the claim page shows a viewer about a listing. */
export interface ClaimPage {
  restaurant: { id: string; slug: string; name: { en: string; he?: string } };
  /** The listing has owners: no claim can be sent. */
  managed: boolean;
  /** The viewer is one of them. */
  viewerIsOwner: boolean;
  /** The viewer's open claim on it, if any (waiting for review). */
  open: { createdAt: string } | null;
  /** The viewer's last decided claim on it, if any: its outcome and, for a rejection, the reason. */
  decided: { status: Exclude<ClaimStatus, "open">; reason: string; decidedAt: string } | null;
}

/** The listing at `slug` as its claim page shows it to `viewer` (null: not signed in); undefined when there is none. */
export async function claimPageFor(db: Db, viewer: Reader | null, slug: string): Promise<ClaimPage | undefined> {
  if (slug.includes("\u0000")) return undefined;
  const [restaurant] = await db
    .select({ id: restaurants.id, slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
    .from(restaurants)
    .where(eq(restaurants.slug, slug))
    .limit(1);
  if (!restaurant) return undefined;
  const owners = await db
    .select({ userId: restaurantOwners.user_id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.restaurant_id, restaurant.id));
  // Only the viewer's own claims: nobody reads another account's claims here.
  const mine = viewer
    ? await db
        .select()
        .from(claims)
        .where(and(eq(claims.restaurant_id, restaurant.id), eq(claims.user_id, viewer.id)))
        .orderBy(desc(claims.created_at))
        .limit(5)
    : [];
  const open = mine.find((claim) => claim.status === "open");
  const decided = mine.find((claim) => claim.status !== "open");
  return {
    restaurant: {
      id: restaurant.id,
      slug: restaurant.slug,
      name: { en: restaurant.nameEn, ...(restaurant.nameHe ? { he: restaurant.nameHe } : {}) },
    },
    managed: owners.length > 0,
    viewerIsOwner: viewer !== null && owners.some((owner) => owner.userId === viewer.id),
    open: open ? { createdAt: open.created_at.toISOString() } : null,
    decided:
      decided && decided.status !== "open"
        ? {
            status: decided.status,
            reason: decided.status === "rejected" ? decided.decision_note : "",
            decidedAt: (decided.decided_at ?? decided.created_at).toISOString(),
          }
        : null,
  };
}

export interface SentClaim {
  slug: string;
  values: ClaimValues;
  /** The proof as sent in the form; null when none was. */
  proof: { data: Buffer; name: string; type: string } | null;
  language: Language;
  clientIp: string;
}

/**
 * Whether the account proved it reads its e-mail address (the link sent at sign-up). Read from the
 * database, never from the session, so a link opened a moment ago counts and an old session cannot
 * vouch for an address. Anyone can sign up as info@ a restaurant's domain: only this makes it theirs.
 */
export async function emailVerifiedOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.verified === true;
}

/** Which upload kind a proof is: a PDF by its first bytes, else an image (the checks refuse anything else). */
export function proofKind(data: Buffer): "pdf" | "teuda" {
  return data.subarray(0, 4).toString("latin1") === "%PDF" ? "pdf" : "teuda";
}

/** An administrator manages every listing already: their claim would link nothing. */
export function claimNeeded(actor: Pick<Subject, "role">): boolean {
  return !isAdministrator(actor) && !isSystem(actor);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Sends `actor`'s claim on the listing at `slug`. Refused, with nothing stored, when: the actor's
 * e-mail address is not verified (before any limit is spent), the listing is gone or has owners, the actor already has an open claim on it, the actor is an admin, the proof
 * is missing or not an image or PDF, or a limit is reached (RateLimitedError). The proof is stored
 * as held by the claim (the clean-up keeps it).
 */
export async function sendClaim(
  db: Db,
  actor: (Reader & { email: string }) | null,
  claim: SentClaim,
  acceptUpload: AppServices["acceptUpload"],
  now = new Date(),
): Promise<{ id: string }> {
  assertCan(actor, "claim:send");
  if (!claimNeeded(actor)) throw new AppError("conflict", "claim.adminNeedsNone");
  if (!(await emailVerifiedOf(db, actor.id))) throw new AppError("forbidden", "claim.verifyFirst");
  const page = await claimPageFor(db, actor, claim.slug);
  if (!page) throw new AppError("notFound", "report.restaurantGone", { subject: claim.slug });
  if (page.managed) throw new AppError("conflict", "claim.managed");
  if (page.open) throw new AppError("conflict", "claim.alreadyOpen");
  if (!claim.proof || claim.proof.data.length === 0)
    throw new AppError("invalid", "form.invalid", { fieldErrors: { proof: "claim.proofRequired" } });
  await hitRateLimits(
    db,
    [
      { key: `claim:ip:${claim.clientIp}`, limit: CLAIM_LIMITS.perIp },
      { key: `claim:account:${actor.id}`, limit: CLAIM_LIMITS.perAccount },
    ],
    now,
  );
  const id = randomUUID();
  let proofUrl: string;
  try {
    proofUrl = await acceptUpload({ data: claim.proof.data, name: claim.proof.name }, proofKind(claim.proof.data), {
      uploadedBy: actor.id,
      heldBy: id,
    });
  } catch (error) {
    // The upload checks' refusal (too large, neither an image nor a PDF) is the proof field's.
    if (isAppError(error) && error.code !== "unavailable") {
      const message = error.code === "tooLarge" ? "claim.proofTooLarge" : "claim.proofType";
      throw new AppError(error.code, message, { fieldErrors: { proof: message }, cause: error });
    }
    throw error;
  }
  try {
    await db.insert(claims).values({
      id,
      restaurant_id: page.restaurant.id,
      user_id: actor.id,
      role_at_restaurant: claim.values.role,
      business_phone: claim.values.phone,
      proof_url: proofUrl,
      note: claim.values.note,
      language: claim.language,
      created_at: now,
    });
  } catch (error) {
    // Two claims sent at once: the index keeps one open per account and listing.
    if (isUniqueViolation(error)) throw new AppError("conflict", "claim.alreadyOpen");
    throw error;
  }
  return { id };
}
