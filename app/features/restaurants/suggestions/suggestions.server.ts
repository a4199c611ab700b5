// Restaurant suggestions from the public (filing one is filing.server.ts): the admins' queue
// with the duplicate hint, and the three decisions (approve through the normal create path, merge
// into an existing listing, reject with a reason). Nothing of a suggestion is public: only an
// approval makes a listing, through createRestaurant. Every reader and decision checks
// `suggestions:manage` itself (assertCan), so no route or script can skip it.
import { and, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { SuggestionStatus } from "../../../../database/lifecycle";
import { suggestions } from "../../../../database/schema/lifecycle";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { Language } from "../../../lib/i18n/language";
import { isUuid } from "../../../lib/ids";
import type { Subject } from "../../../lib/permissions";
import { assertCan, isSystem } from "../../../lib/permissions.server";
import type { MessageKey } from "../../../locales/en";
import {
  isKashrut,
  KASHRUT_LABELS,
  KASHRUT_VALUES,
  withKashrutModel,
  type Restaurant,
  type RestaurantFormValues,
} from "../core";
import { type Actor, createRestaurant } from "../editing/index.server";
import { EMPTY_FORM } from "../editing";
import { normalizeForSearch } from "../../../lib/search-text";
import { paragraphText } from "../../../lib/form-rules";
import { SUGGESTION_FIELD_MAX } from "./limits";

/** A rejection's reason: required, at most 1,000 characters of storable text. */
export const rejectionSchema = paragraphText(
  SUGGESTION_FIELD_MAX.note,
  "suggest.tooLong",
  "suggestions.reasonRequired",
);

export type Reader = Subject & { id: string };

/** A listing the queue offers as perhaps the same place. */
export interface SimilarListing {
  id: string;
  slug: string;
  nameEn: string;
  nameHe: string | null;
  address: string;
}

export interface QueueSuggestion {
  id: string;
  nameEn: string;
  nameHe: string;
  address: string;
  kashrut: string;
  link: string | null;
  certificateUrl: string | null;
  note: string;
  email: string | null;
  language: Language;
  proofOfWork: boolean;
  status: SuggestionStatus;
  decisionNote: string;
  /** The listing it became or was merged into, if it still exists. */
  restaurant: { id: string; slug: string; nameEn: string; nameHe: string | null } | null;
  decidedAt: string | null;
  createdAt: string;
  /** Open ones only: existing listings with a similar name or address. */
  similar: SimilarListing[];
}

export const SUGGESTIONS_PAGE_SIZE = 30;

/** Which suggestions the queue shows: the open ones (default), or those decided. */
export type QueueView = "open" | "decided";

export interface SuggestionQueue {
  suggestions: QueueSuggestion[];
  total: number;
  page: number;
  pages: number;
}

/**
 * How alike two texts must be for the hint (pg_trgm's word_similarity of the suggestion's name or
 * address within a listing's search text: the same normalised text the search reads, so "Café" and
 * "cafe", niqqud and final letters do not hide a duplicate).
 */
export const SIMILARITY_THRESHOLD = 0.5;

/** A listing's search text (names, address, description, tags, normalised); its names and address in lower case until it is filled in. */
const searchedText = () =>
  sql`coalesce(${restaurants.search_text}, lower(${restaurants.name_en} || ' ' || coalesce(${restaurants.name_he}, '') || ' ' || ${restaurants.address}))`;

/**
 * Existing listings perhaps the same place (most alike first, at most 5): a name like one of
 * `names` in the listing's search text, or an address like `address` in the listing's address
 * with the same house numbers (on one street every address is alike but the number).
 */
export async function similarListings(
  db: Db,
  reader: Reader | null,
  probe: { names: string[]; address: string },
  exceptId?: string,
): Promise<SimilarListing[]> {
  assertCan(reader, "suggestions:manage");
  const names = probe.names.map(normalizeForSearch).filter((name) => name.length >= 3);
  const address = normalizeForSearch(probe.address);
  const numbers = address.match(/\d+/g) ?? [];
  const scores: SQL[] = names.map((name) => sql`word_similarity(${name}, ${searchedText()})`);
  if (address.length >= 3) {
    const sameNumbers = numbers.map((number) => sql` and ${restaurants.address} ~ ${`(^|[^0-9])${number}([^0-9]|$)`}`);
    scores.push(
      sql`(case when true${sql.join(sameNumbers, sql``)} then word_similarity(${address}, lower(${restaurants.address})) else 0 end)`,
    );
  }
  if (scores.length === 0) return [];
  const score = sql<number>`greatest(${sql.join(scores, sql`, `)})`;
  const rows = await db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      address: restaurants.address,
      score,
    })
    .from(restaurants)
    .where(and(sql`${score} >= ${SIMILARITY_THRESHOLD}`, exceptId ? ne(restaurants.id, exceptId) : undefined))
    .orderBy(desc(score), restaurants.name_en)
    .limit(5);
  return rows.map(({ score: _score, ...listing }) => listing);
}

/** The suggestions `reader` (an admin) sees, newest first. */
export async function listSuggestions(
  db: Db,
  reader: Reader | null,
  view: QueueView = "open",
  page = 1,
): Promise<SuggestionQueue> {
  assertCan(reader, "suggestions:manage");
  const where = view === "open" ? eq(suggestions.status, "open") : ne(suggestions.status, "open");
  const [totals] = await db.select({ total: count() }).from(suggestions).where(where);
  const total = totals?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SUGGESTIONS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const rows = await db
    .select()
    .from(suggestions)
    .where(where)
    .orderBy(view === "open" ? desc(suggestions.created_at) : desc(suggestions.decided_at), desc(suggestions.id))
    .limit(SUGGESTIONS_PAGE_SIZE)
    .offset((current - 1) * SUGGESTIONS_PAGE_SIZE);
  const linkedIds = rows.map((row) => row.restaurant_id).filter((id): id is string => id !== null);
  const linked =
    linkedIds.length === 0
      ? []
      : await db
          .select({
            id: restaurants.id,
            slug: restaurants.slug,
            nameEn: restaurants.name_en,
            nameHe: restaurants.name_he,
          })
          .from(restaurants)
          .where(inArray(restaurants.id, linkedIds));
  const items: QueueSuggestion[] = [];
  for (const row of rows) {
    items.push({
      id: row.id,
      nameEn: row.name_en,
      nameHe: row.name_he,
      address: row.address,
      kashrut: row.kashrut,
      link: row.link,
      certificateUrl: row.certificate_url,
      note: row.note,
      email: row.email,
      language: row.language,
      proofOfWork: row.proof_of_work,
      status: row.status,
      decisionNote: row.decision_note,
      restaurant: linked.find((restaurant) => restaurant.id === row.restaurant_id) ?? null,
      decidedAt: row.decided_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
      similar:
        row.status === "open"
          ? await similarListings(db, reader, { names: [row.name_en, row.name_he], address: row.address })
          : [],
    });
  }
  return { suggestions: items, total, page: current, pages };
}

/** Listings whose name or address holds `term` (the merge form's search), at most 10. */
export async function findListings(db: Db, reader: Reader | null, term: string): Promise<SimilarListing[]> {
  assertCan(reader, "suggestions:manage");
  // A control character (a NUL above all, which PostgreSQL's text cannot hold) is only a space here.
  const words = normalizeForSearch(term.slice(0, 200).replace(/\p{Cc}/gu, " "))
    .split(" ")
    .filter(Boolean);
  if (words.length === 0) return [];
  const text = searchedText();
  const literal = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      address: restaurants.address,
    })
    .from(restaurants)
    .where(and(...words.map((word) => sql`${text} like ${`%${literal(word)}%`}`)))
    .orderBy(restaurants.name_en)
    .limit(10);
}

/** How many suggestions wait (the dashboard navigation's badge); 0 for whoever may not manage them. */
export async function countOpenSuggestions(db: Db, reader: Reader): Promise<number> {
  try {
    assertCan(reader, "suggestions:manage");
  } catch {
    return 0;
  }
  const [row] = await db.select({ open: count() }).from(suggestions).where(eq(suggestions.status, "open"));
  return row?.open ?? 0;
}

const notFound = (id: string) => new AppError("notFound", "suggestions.notFound" satisfies MessageKey, { subject: id });
const alreadyDecided = () => new AppError("conflict", "suggestions.alreadyDecided" satisfies MessageKey);

/** The kashrut the visitor typed, as one of the form's values when it names one ("Mehadrin", "צהר"); else empty. */
export function kashrutOf(typed: string): string {
  const words = normalizeForSearch(typed);
  if (words === "") return "";
  const found = KASHRUT_VALUES.find(
    (value) =>
      value !== "unknown" &&
      [value, KASHRUT_LABELS[value].en, KASHRUT_LABELS[value].he].some((label) =>
        words.includes(normalizeForSearch(label)),
      ),
  );
  return found && isKashrut(found) ? found : "";
}

/** An open suggestion as the new-restaurant form's values (the approve button's prefilled form). */
export async function suggestionFormValues(
  db: Db,
  reader: Reader | null,
  id: string,
): Promise<{ values: RestaurantFormValues; nameEn: string; nameHe: string }> {
  assertCan(reader, "suggestions:manage");
  if (!isUuid(id)) throw notFound(id);
  const [row] = await db.select().from(suggestions).where(eq(suggestions.id, id));
  if (!row) throw notFound(id);
  if (row.status !== "open") throw alreadyDecided();
  return {
    nameEn: row.name_en,
    nameHe: row.name_he,
    // The kashrut the visitor named gives the certificate's body and level it implies (ADR 032).
    values: withKashrutModel({
      ...EMPTY_FORM,
      nameEn: row.name_en,
      nameHe: row.name_he,
      address: row.address,
      kashrut: kashrutOf(row.kashrut),
      ...(row.link ? { [linkFieldOf(row.link)]: row.link } : {}),
      teuda: row.certificate_url ?? "",
    }),
  };
}

/** The form's field for a link the visitor gave: a Wolt or Waze page in its own; any other is the place's site (the menu link). */
export function linkFieldOf(link: string): "woltLink" | "wazeLink" | "menuLink" {
  let host = "";
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return "menuLink";
  }
  if (host === "wolt.com" || host.endsWith(".wolt.com")) return "woltLink";
  if (host === "waze.com" || host.endsWith(".waze.com")) return "wazeLink";
  return "menuLink";
}

/** What a decision tells the route: whom to e-mail, in which language, about which listing. */
export interface Decision {
  id: string;
  status: Exclude<SuggestionStatus, "open">;
  email: string | null;
  language: Language;
  name: { en: string; he: string };
  reason: string;
  restaurant: { id: string; slug: string } | null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Marks an open suggestion decided (locked first: two admins deciding at once, the second gets a conflict). */
async function decide(
  tx: Tx,
  actor: Actor,
  id: string,
  status: Decision["status"],
  fields: { restaurantId?: string; reason?: string },
  restaurant: { id: string; slug: string } | null,
  now: Date,
): Promise<Decision> {
  const [updated] = await tx
    .update(suggestions)
    .set({
      status,
      restaurant_id: fields.restaurantId ?? null,
      decision_note: fields.reason ?? "",
      decided_by: isSystem(actor) ? null : actor.id,
      decided_at: now,
    })
    .where(and(eq(suggestions.id, id), eq(suggestions.status, "open")))
    .returning();
  if (!updated) throw alreadyDecided();
  const name = updated.name_en || updated.name_he;
  return {
    id,
    status,
    email: updated.email,
    language: updated.language,
    name: { en: updated.name_en || name, he: updated.name_he || name },
    reason: updated.decision_note,
    restaurant,
  };
}

/** Locks an open suggestion for a decision; notFound or conflict otherwise. */
async function lockOpen(tx: Tx, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(id);
  const [row] = await tx
    .select({ status: suggestions.status })
    .from(suggestions)
    .where(eq(suggestions.id, id))
    .for("update");
  if (!row) throw notFound(id);
  if (row.status !== "open") throw alreadyDecided();
}

/**
 * Approves a suggestion: the listing is created through the normal create path (its rules, its
 * history, its files: the suggestion's certificate photo may be attached by the approving admin),
 * and the suggestion is marked approved with it, in one transaction.
 */
export async function approveSuggestion(
  db: Db,
  actor: Actor | null,
  id: string,
  values: RestaurantFormValues,
  now = new Date(),
): Promise<{ decision: Decision; restaurant: Restaurant }> {
  assertCan(actor, "suggestions:manage");
  return db.transaction(async (tx) => {
    await lockOpen(tx, id);
    const restaurant = await createRestaurant(tx, actor, values, { suggestionId: id });
    const decision = await decide(
      tx,
      actor,
      id,
      "approved",
      { restaurantId: restaurant.id },
      { id: restaurant.id, slug: restaurant.slug },
      now,
    );
    return { decision, restaurant };
  });
}

/** "Already listed": the suggestion is merged into an existing listing, nothing else changes. */
export async function mergeSuggestion(
  db: Db,
  actor: Actor | null,
  id: string,
  restaurantId: string,
  now = new Date(),
): Promise<Decision> {
  assertCan(actor, "suggestions:manage");
  return db.transaction(async (tx) => {
    await lockOpen(tx, id);
    const [listing] = isUuid(restaurantId)
      ? await tx
          .select({ id: restaurants.id, slug: restaurants.slug })
          .from(restaurants)
          .where(eq(restaurants.id, restaurantId))
      : [];
    if (!listing)
      throw new AppError("invalid", "suggestions.pickListing" satisfies MessageKey, {
        fieldErrors: { restaurantId: "suggestions.pickListing" },
      });
    return decide(tx, actor, id, "merged", { restaurantId: listing.id }, listing, now);
  });
}

/** Rejects a suggestion with a reason (required; sent to the visitor if they left an address). */
export async function rejectSuggestion(
  db: Db,
  actor: Actor | null,
  id: string,
  reason: string,
  now = new Date(),
): Promise<Decision> {
  assertCan(actor, "suggestions:manage");
  const parsed = rejectionSchema.safeParse(reason);
  if (!parsed.success) {
    const message = (parsed.error.issues[0]?.message ?? "suggestions.reasonRequired") as MessageKey;
    throw new AppError("invalid", message, { fieldErrors: { reason: message } });
  }
  return db.transaction(async (tx) => {
    await lockOpen(tx, id);
    return decide(tx, actor, id, "rejected", { reason: parsed.data }, null, now);
  });
}
