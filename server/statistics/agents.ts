// Who is counted (ADR 025): a person's browser, by its User-Agent. Bots by isbot's list, and a
// request with no User-Agent at all, which no browser sends. One rule for views, taps and searches.
import { isbot } from "isbot";

/** Whether a User-Agent is a bot's; none at all counts as a bot. */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  return !userAgent || isbot(userAgent);
}
