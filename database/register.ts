// The kashrut register (ADR 033): the Tel Aviv-Yafo Rabbinate's published list of certified
// businesses, imported as dated snapshots and reconciled with the listings. Plain data, shared by
// the schema, the server and the pages (no Drizzle, so a page may import it).

/** The file shapes an import recognises by itself. */
export const REGISTER_SHAPES = ["scraperCsv", "savedHtml", "portalJson", "revokedList"] as const;
export type RegisterShape = (typeof REGISTER_SHAPES)[number];

/** A snapshot is the register of certified businesses, or its list of revoked certificates. */
export const REGISTER_LISTS = ["register", "revoked"] as const;
export type RegisterList = (typeof REGISTER_LISTS)[number];

/** pending: imported, nothing on a listing changed yet; applied: an admin applied it; discarded: set aside. */
export const SNAPSHOT_STATUSES = ["pending", "applied", "discarded"] as const;
export type SnapshotStatus = (typeof SNAPSHOT_STATUSES)[number];

/** Why a list looks partial: far fewer rows than the last one, or it stops mid-alphabet. */
export const PARTIAL_REASONS = ["short", "midAlphabet"] as const;
export type PartialReason = (typeof PARTIAL_REASONS)[number];

/**
 * How sure a register entry's pairing with a listing is: exact (normalised name, street and
 * number agree), probable (strong evidence short of exact), review (an admin must look), new (no listing).
 */
export const MATCH_GRADES = ["exact", "probable", "review", "new"] as const;
export type MatchGrade = (typeof MATCH_GRADES)[number];

/** What became of an entry: its facts applied, set aside, made a lead, or a revocation applied. */
export const ENTRY_OUTCOMES = ["renewed", "changed", "dismissed", "lead", "revoked"] as const;
export type EntryOutcome = (typeof ENTRY_OUTCOMES)[number];

/** Meat, dairy or parve: what a kosher kitchen serves, where known. */
export const KOSHER_KINDS = ["meat", "dairy", "parve"] as const;
export type KosherKind = (typeof KOSHER_KINDS)[number];

/** Share of the previous snapshot's active rows below which a new list counts as partial. */
export const PARTIAL_SHARE = 0.7;
