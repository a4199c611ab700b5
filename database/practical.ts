// The practical facts people filter by (ADR 024): a price level, what a place offers besides
// sitting down, and its wheelchair access. Plain data, shared by the schema, the server and the
// pages (no Drizzle, so the browser bundle may import it). All are optional: not given is unknown.

/** 1 (₪, inexpensive) to 4 (₪₪₪₪, very expensive). */
export const PRICE_LEVELS = [1, 2, 3, 4] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];

/** What a place offers besides its tables: each is a yes or not said (never a stored "no"). */
export const SERVICES = ["delivery", "takeaway", "catering"] as const;
export type Service = (typeof SERVICES)[number];

/** Wheelchair access: a step-free way in and a usable restroom (yes), some of it (partly), or none. */
export const WHEELCHAIR_ACCESS = ["yes", "partly", "no"] as const;
export type WheelchairAccess = (typeof WHEELCHAIR_ACCESS)[number];

export const isPriceLevel = (value: unknown): value is PriceLevel =>
  (PRICE_LEVELS as readonly unknown[]).includes(value);
export const isWheelchairAccess = (value: unknown): value is WheelchairAccess =>
  (WHEELCHAIR_ACCESS as readonly unknown[]).includes(value);
