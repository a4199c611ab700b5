// What is counted per listing and Tel Aviv day (ADR 025): views of its page and taps on its links
// out. Counts only: nothing about who viewed or tapped is kept (ADR 025).

/** The links out whose taps are counted, in the order the dashboard shows them. */
export const TAP_KINDS = ["phone", "navigate", "booking", "order", "wolt", "menu"] as const;
export type TapKind = (typeof TAP_KINDS)[number];

/** Every count of a listing's day: its page's views, then its taps. */
export const COUNTS = ["views", ...TAP_KINDS] as const;
export type Count = (typeof COUNTS)[number];

export function isTapKind(value: string): value is TapKind {
  return (TAP_KINDS as readonly string[]).includes(value);
}
