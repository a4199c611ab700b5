// Where the browser reports a tap on a listing's link (ADR 025), apart from the statistics' other
// code: the restaurant page needs only this.
import type { TapKind } from "./kinds";

/**
 * The link's `ping` attribute: the browser posts to it by itself when the link is followed (no
 * script, no redirect in the diner's way).
 */
export function tapPing(slug: string, kind: TapKind): string {
  return `/api/taps/${encodeURIComponent(slug)}/${kind}`;
}
