// Filing a visitor's restaurant suggestion (ADR 023), with its rate limits. Kept apart from the
// queue and decisions (suggestions.server.ts) so the public page's code reaches nothing of the dashboard.
import { randomUUID } from "node:crypto";
import { suggestions } from "../../../../database/schema/lifecycle";
import type { Db } from "../../../../database/types";
import type { Language } from "../../../lib/i18n/language";
import { hitRateLimits, type Limit } from "../../../lib/rate-limit.server";
import type { SuggestionValues } from "./rules";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How many suggestions may be sent. The two ways in have quotas of their own, so a flood through
 * one never closes the other: one with the proof-of-work (JavaScript) counts under `perIp` and
 * `global`; one without it (no proof: cheap to script) under `basicPerIp`, `basicPerNetwork` and
 * `basicGlobal` only. An address's share of the no-JavaScript quota is small and daily (an address
 * that waits an hour gets no more), and its network's too, so spending the site's quota takes many
 * addresses in many networks. The narrow keys come first, so an address refused for its own excess
 * spends nothing of what others share (ADR 019).
 */
export const SUGGESTION_LIMITS = {
  perIp: { max: 5, windowMs: HOUR_MS },
  global: { max: 200, windowMs: DAY_MS },
  basicPerIp: { max: 2, windowMs: DAY_MS },
  basicPerNetwork: { max: 4, windowMs: DAY_MS },
  basicGlobal: { max: 50, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

/**
 * The network a client address is in, as the no-JavaScript limits count it: an IPv4 address's /24
 * ("203.0.113"), an IPv6 client's /48 (it is counted by its /64 already, "2001:db8:1:2::/64").
 * One provider's customers, or one machine room, share it.
 */
export function networkOf(clientIp: string): string {
  if (clientIp.includes(":"))
    return clientIp
      .replace(/::\/64$/, "")
      .split(":")
      .slice(0, 3)
      .join(":");
  const octets = clientIp.split(".");
  return octets.length === 4 ? octets.slice(0, 3).join(".") : clientIp;
}

export interface FiledSuggestion {
  values: SuggestionValues;
  language: Language;
  /** False when sent without JavaScript: stricter limits, and marked in the queue. */
  proofOfWork: boolean;
  clientIp: string;
  /**
   * Stores the certificate photo, held by the suggestion whose id it is given (called once the
   * limits let the suggestion in); returns its URL. Absent when the visitor sent no photo.
   */
  certificate?: ((suggestionId: string) => Promise<string>) | undefined;
}

/** Files a visitor's suggestion; RateLimitedError (nothing stored) when over a limit. */
export async function fileSuggestion(db: Db, filed: FiledSuggestion, now = new Date()): Promise<{ id: string }> {
  const basic = !filed.proofOfWork;
  await hitRateLimits(
    db,
    basic
      ? [
          { key: `suggest-basic:ip:${filed.clientIp}`, limit: SUGGESTION_LIMITS.basicPerIp },
          { key: `suggest-basic:net:${networkOf(filed.clientIp)}`, limit: SUGGESTION_LIMITS.basicPerNetwork },
          { key: "suggest-basic:all", limit: SUGGESTION_LIMITS.basicGlobal },
        ]
      : [
          { key: `suggest:ip:${filed.clientIp}`, limit: SUGGESTION_LIMITS.perIp },
          { key: "suggest:all", limit: SUGGESTION_LIMITS.global },
        ],
    now,
  );
  // The id first: the photo is stored held by it, so the clean-up keeps it with the suggestion.
  const id = randomUUID();
  const certificateUrl = filed.certificate ? await filed.certificate(id) : null;
  const { values } = filed;
  await db.insert(suggestions).values({
    id,
    name_en: values.nameEn,
    name_he: values.nameHe,
    address: values.address,
    kashrut: values.kashrut,
    link: values.link || null,
    certificate_url: certificateUrl,
    note: values.note,
    email: values.email || null,
    language: filed.language,
    proof_of_work: filed.proofOfWork,
    created_at: now,
  });
  return { id };
}
