// A card's "open now" for the coming days, worked out by the server (open-line.server.ts) from the
// week, Shabbat and holidays and the Pesach plan, so that the browser only finds the step in force,
// as the restaurant page does with its timeline (hours-status.ts): the home page's first visit then
// carries no hours code (the search index brings it for the places it filters).
// Flat for a small page: [minute, state, minutes later, state, …]: the first step's minute since
// 1970, then each step's minutes after the one before; a state is CLOSED, OPEN, SHABBAT or HOLIDAY, or
// -1 past the horizon (nothing is said then).

export type OpenLine = readonly number[];

export interface ShortStatus {
  open: boolean;
  /** Why it is closed (statusAt's answers have it only when closed). */
  reason?: "shabbat" | "holiday" | null;
}

/** A step's state: its number in the line. */
export const CLOSED = 0;
export const OPEN = 1;
export const SHABBAT = 2;
export const HOLIDAY = 3;

/** What each state says, by its number. */
const STATES: readonly ShortStatus[] = [
  { open: false, reason: null },
  { open: true, reason: null },
  { open: false, reason: "shabbat" },
  { open: false, reason: "holiday" },
];

/** The step in force at `now` (ms), or nothing before the line starts or past its horizon. */
export function openLineAt(line: OpenLine, now: number): ShortStatus | undefined {
  let state: number | undefined;
  let minute = 0;
  for (let i = 0; (minute += line[i] ?? Infinity) * 60_000 <= now; i += 2) state = line[i + 1];
  return state === undefined ? undefined : STATES[state];
}
