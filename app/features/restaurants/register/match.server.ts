// Pairing register entries with listings: our own keys (match-text.ts), never the register's ids or
// links, which change at every re-issue. The entries (about a thousand) are indexed by name key,
// street and number, and phone; the listings (up to a hundred thousand) are read once, each looked
// up in that index, so the work grows with the listings and the memory with the entries and their
// few candidates. No entry is compared with every listing.
//
// Grades: exact (a name key and the street and number, or the phone, agree), probable (strong
// evidence short of that: a name close in spelling, or in sound across Hebrew and Latin letters, at
// the same address; the phone and the address), review (an admin must look: the same name
// elsewhere, the same address under another name, the phone alone, a tie, or a listing another
// entry holds more surely) and new. Where several businesses share an address (a mall, a tower, a
// landmark without a number), the address alone pairs nothing.
import { distance } from "fastest-levenshtein";
import type { MatchGrade } from "../../../../database/register";
import {
  addressKey,
  allNameKeys,
  nameKeys,
  nameSimilarity,
  phoneKey,
  soundSimilarity,
  type AddressKey,
  type NameKeys,
} from "./match-text";
import type { EntryMatch, ListingForMatch, RegisterEntryRead } from "./types";

/** The reasons an entry's pairing gives, as codes the review page words. */
export const MATCH_REASONS = [
  /** A name key agrees (after noise, branch notes, scripts and parts). */
  "name",
  /** The names are close but not equal (a spelling, a note, a part of the name). */
  "nameSimilar",
  /** The same street. */
  "street",
  /** The same house number on it. */
  "number",
  /** The same phone. */
  "phone",
  /** Several businesses are at this address: it proves nothing alone. */
  "sharedAddress",
  /** The same address under another name: renamed, or another business. */
  "otherName",
  /** The same name at another address: moved, or a branch. */
  "otherAddress",
  /** Several listings fit this entry equally well. */
  "ambiguous",
  /** The listing is paired more surely with another entry of the file. */
  "claimed",
] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** A name at least this close, at the same address, is a probable pairing. */
const PROBABLE_NAME = 0.75;
/** With the same phone, a name this close is enough for probable. */
const PHONE_NAME = 0.5;
/** Names alike in spelling or sound are never quite the same name. */
const SIMILAR_CAP = 0.95;
/** A part of the name in common that no other entry has (a bilingual name's one script). */
const PART_NAME = 0.9;
/** A part of the name several entries share: not enough for probable. */
const SHARED_PART_NAME = 0.6;
/** Candidates kept per entry found by its address or phone (a mall holds many listings). */
const MAX_PLACE_CANDIDATES = 200;
/** Candidates kept per entry found by its name alone: past two it is a chain, and a name alone pairs only when unique. */
const MAX_NAME_CANDIDATES = 2;

const GRADE_RANK: Record<MatchGrade, number> = { exact: 3, probable: 2, review: 1, new: 0 };

interface EntryKeys {
  names: NameKeys;
  address: AddressKey;
  place: string;
  phone: string;
}

interface Evidence {
  name: boolean;
  place: boolean;
  phone: boolean;
}

/** An entry while it is being matched: its keys, the listings found by them, and the best pairing. */
interface Pending {
  position: number;
  keys: EntryKeys;
  candidates: Map<ListingForMatch, Evidence>;
  /** Candidates found by name alone so far. */
  nameOnly: number;
  best: Candidate | null;
}

interface Candidate {
  listing: ListingForMatch;
  grade: MatchGrade;
  score: number;
  reasons: MatchReason[];
}

/** Street and number as one key; "" without a street. A landmark without a number keys on its street alone. */
const placeOf = (address: AddressKey) => (address.street ? `${address.street}|${address.number}` : "");

/** Files a value under each of its keys, once per key. */
function indexInto<T>(map: Map<string, T[]>, keys: Iterable<string>, value: T) {
  for (const key of keys) {
    if (!key) continue;
    const list = map.get(key);
    if (!list) map.set(key, [value]);
    else if (list.at(-1) !== value) list.push(value);
  }
}

function listingKeys(listing: ListingForMatch) {
  const addresses: AddressKey[] = [];
  const streetWords: string[] = [];
  const places = new Set<string>();
  for (const text of [listing.addressHe, listing.address]) {
    if (!text) continue;
    const address = addressKey(text);
    addresses.push(address);
    streetWords.push(...address.streetWords);
    const place = placeOf(address);
    if (place) places.add(place);
  }
  const he = nameKeys(listing.nameHe, streetWords);
  const en = nameKeys(listing.nameEn, streetWords);
  const whole = new Set([...he.whole, ...en.whole]);
  const parts = new Set([...he.parts, ...en.parts]);
  for (const key of whole) parts.delete(key);
  return { names: { whole: [...whole], parts: [...parts] }, addresses, places, phone: phoneKey(listing.phone) };
}

export function matchEntries(
  entries: readonly RegisterEntryRead[],
  listings: readonly ListingForMatch[],
): EntryMatch[] {
  const pending: Pending[] = entries.map((entry) => {
    const address = addressKey(entry.address);
    const keys = {
      names: nameKeys(entry.name, address.streetWords),
      address,
      place: placeOf(address),
      phone: phoneKey(entry.phone),
    };
    return { position: entry.position, keys, candidates: new Map(), nameOnly: 0, best: null };
  });
  const byName = new Map<string, Pending[]>();
  const byPlace = new Map<string, Pending[]>();
  const byPhone = new Map<string, Pending[]>();
  for (const entry of pending) {
    indexInto(byName, allNameKeys(entry.keys.names), entry);
    indexInto(byPlace, [entry.keys.place], entry);
    indexInto(byPhone, [entry.keys.phone], entry);
  }

  // One pass over the listings: each one's keys looked up among the entries'.
  const listingsPerName = new Map<string, number>();
  const listingsPerPlace = new Map<string, number>();
  const note = (entry: Pending, listing: ListingForMatch, kind: keyof Evidence) => {
    let evidence = entry.candidates.get(listing);
    if (!evidence) {
      const full =
        kind === "name" ? entry.nameOnly >= MAX_NAME_CANDIDATES : entry.candidates.size >= MAX_PLACE_CANDIDATES;
      if (full) return;
      if (kind === "name") entry.nameOnly++;
      evidence = { name: false, place: false, phone: false };
      entry.candidates.set(listing, evidence);
    }
    evidence[kind] = true;
  };
  for (const listing of listings) {
    const { names, places, phone } = listingKeys(listing);
    for (const place of places) {
      const hits = byPlace.get(place);
      if (!hits) continue;
      listingsPerPlace.set(place, (listingsPerPlace.get(place) ?? 0) + 1);
      for (const entry of hits) note(entry, listing, "place");
    }
    for (const entry of phone ? (byPhone.get(phone) ?? []) : []) note(entry, listing, "phone");
    for (const name of allNameKeys(names)) {
      const hits = byName.get(name);
      if (!hits) continue;
      listingsPerName.set(name, (listingsPerName.get(name) ?? 0) + 1);
      for (const entry of hits) note(entry, listing, "name");
    }
  }

  /**
   * How surely two names that share a key are one: 1 when the whole names agree, or a part of one
   * is the other whole and no other entry has that part; a part no other entry has, 0.9; a part
   * several entries share ("… / ITS FRESH"), too little alone.
   */
  const sameName = (ours: NameKeys, theirs: NameKeys): number => {
    const unique = (key: string) => byName.get(key)?.length === 1;
    if (ours.whole.some((key) => theirs.whole.includes(key))) return 1;
    const crossed = [
      ...ours.parts.filter((key) => theirs.whole.includes(key)),
      ...ours.whole.filter((key) => theirs.parts.includes(key)),
    ];
    if (crossed.some(unique)) return 1;
    if (ours.parts.some((key) => theirs.parts.includes(key) && unique(key))) return PART_NAME;
    return SHARED_PART_NAME;
  };

  const grade = (key: EntryKeys, listing: ListingForMatch, evidence: Evidence): Candidate | null => {
    const other = listingKeys(listing);
    const similarity = evidence.name
      ? sameName(key.names, other.names)
      : Math.min(
          SIMILAR_CAP,
          Math.max(
            nameSimilarity(allNameKeys(key.names), allNameKeys(other.names), distance),
            soundSimilarity(allNameKeys(key.names), allNameKeys(other.names), distance),
          ),
        );
    const sameStreet = key.address.street !== "" && other.addresses.some((a) => a.street === key.address.street);
    const shared =
      evidence.place &&
      (key.address.number === "" ||
        (listingsPerPlace.get(key.place) ?? 0) > 1 ||
        (byPlace.get(key.place)?.length ?? 0) > 1);
    const theirs = allNameKeys(other.names);
    const nameUnique = allNameKeys(key.names).some(
      (name) => theirs.includes(name) && listingsPerName.get(name) === 1 && byName.get(name)?.length === 1,
    );
    const at: MatchReason[] = evidence.place ? (key.address.number ? ["street", "number"] : ["street"]) : [];
    const score = similarity + (evidence.phone ? 0.5 : 0) + (evidence.place ? 0.5 : 0);
    const make = (g: MatchGrade, reasons: MatchReason[]): Candidate => ({
      listing,
      grade: g,
      score: GRADE_RANK[g] * 10 + score,
      reasons: shared ? [...reasons, "sharedAddress"] : reasons,
    });
    const nameReason: MatchReason[] = similarity === 1 ? ["name"] : similarity >= PHONE_NAME ? ["nameSimilar"] : [];
    if (similarity === 1 && evidence.place) return make("exact", ["name", ...at]);
    if (similarity === 1 && evidence.phone) return make("exact", ["name", "phone"]);
    if (similarity >= PROBABLE_NAME && evidence.place) return make("probable", ["nameSimilar", ...at]);
    if (evidence.phone && evidence.place) return make("probable", [...nameReason, "phone", ...at]);
    if (evidence.phone && similarity >= PHONE_NAME) return make("probable", ["nameSimilar", "phone"]);
    if (similarity === 1 && nameUnique)
      return make("review", sameStreet ? ["name", "street", "otherAddress"] : ["name", "otherAddress"]);
    if (evidence.place && !shared) return make("review", [...nameReason, ...at, "otherName"]);
    if (evidence.phone) return make("review", [...nameReason, "phone"]);
    return null;
  };

  // Each entry's best candidate; two equally good ones are a tie for an admin.
  for (const entry of pending) {
    let first: Candidate | null = null;
    let second: Candidate | null = null;
    for (const [listing, evidence] of entry.candidates) {
      const candidate = grade(entry.keys, listing, evidence);
      if (!candidate) continue;
      if (!first || candidate.score > first.score) [first, second] = [candidate, first];
      else if (!second || candidate.score > second.score) second = candidate;
    }
    entry.best =
      first && second && second.score === first.score
        ? { ...first, grade: "review", score: GRADE_RANK.review * 10, reasons: [...first.reasons, "ambiguous"] }
        : first;
    entry.candidates.clear();
  }

  // One listing, one sure pairing: the surest claimant keeps it (the first in the file on a tie), any other goes to review.
  const holder = new Map<ListingForMatch, Candidate>();
  for (const { best } of pending) {
    if (!best || (best.grade !== "exact" && best.grade !== "probable")) continue;
    const held = holder.get(best.listing);
    if (!held || held.score < best.score) holder.set(best.listing, best);
  }
  return pending.map(({ position, best }): EntryMatch => {
    if (!best) return { position, restaurantId: null, grade: "new", reasons: [] };
    const sure = best.grade === "exact" || best.grade === "probable";
    const claimed = sure && holder.get(best.listing) !== best;
    return {
      position,
      restaurantId: best.listing.id,
      grade: claimed ? "review" : best.grade,
      reasons: claimed ? [...best.reasons, "claimed"] : best.reasons,
    };
  });
}
