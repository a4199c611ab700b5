// Who is counted (ADR 025): a person's browser, by its User-Agent. Bots by isbot's list, and a
// request with no User-Agent at all, which no browser sends. One rule for views, taps and searches.
import { isbot } from "isbot";

// isbot reads an agent against one large pattern: a few µs on every restaurant page, where the same
// few agents (the browsers in use, the crawlers) come again and again. So its answers are kept per
// agent. Made-up agents cannot make the memo grow without end: it keeps agents of a usual length
// only, and starts again once it holds KEPT of them.
const KEPT = 1_000;
const LONGEST_KEPT = 512;
const answers = new Map<string, boolean>();

/** Whether a User-Agent is a bot's; none at all counts as a bot. */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  const known = answers.get(userAgent);
  if (known !== undefined) return known;
  const answer = isbot(userAgent);
  if (userAgent.length <= LONGEST_KEPT) {
    if (answers.size >= KEPT) answers.clear();
    answers.set(userAgent, answer);
  }
  return answer;
}

/** How many agents' answers are kept (for tests of the memo's bound). */
export function agentsKept(): number {
  return answers.size;
}
