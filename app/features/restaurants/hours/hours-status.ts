// The browser's half of "open now?" (ADR 016): the server sends a restaurant's timeline for the
// coming week (hours.ts, timelineOf); this picks the entry in force. No calendar code ships.
import type { Transition } from "./hours";

export function statusNow(timeline: readonly Transition[], now: number): Transition | undefined {
  let current: Transition | undefined;
  for (const entry of timeline) {
    if (entry.at > now) break;
    current = entry;
  }
  return current;
}
