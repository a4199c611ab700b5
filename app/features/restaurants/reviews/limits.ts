// How many reviews (written or edited) may be sent, per address and per account. The two ways in have
// quotas of their own, as the suggestion form's do (ADR 019): an established account, or a new one whose
// browser found the proof-of-work, counts under `perIp` and `perAccount`; a new account without the proof
// (no JavaScript, or a script) under the much smaller `basicPerIp` and `basicPerAccount`. The address
// comes first, so an address refused for its own excess spends nothing of the account's.
import type { Limit } from "../../../lib/rate-limit.server";

const DAY_MS = 24 * 60 * 60_000;

export const REVIEW_LIMITS = {
  perIp: { max: 30, windowMs: DAY_MS },
  perAccount: { max: 10, windowMs: DAY_MS },
  basicPerIp: { max: 4, windowMs: DAY_MS },
  basicPerAccount: { max: 2, windowMs: DAY_MS },
} satisfies Record<string, Limit>;
