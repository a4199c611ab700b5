// The self-hosted proof-of-work a public form sent with JavaScript carries (a problem report, ADR 015;
// a restaurant suggestion), with
// altcha-lib: the server hands out a signed challenge; the browser spends about a second finding
// its counter; the server checks the signature (cheap) and that the challenge is used once only,
// in the shared rate_limits table so every server process agrees.
import { createHmac, randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { rateLimits } from "../../database/schema/people";
import type { Db } from "../../database/types";

export const POW_ALGORITHM = "PBKDF2/SHA-256";

export interface ProofOfWorkOptions {
  /** The server's secret (AUTH_SECRET); challenges are signed with keys derived from it. */
  secret: string;
  /** PBKDF2 iterations per attempt. */
  cost?: number;
  /** The counter the browser must find is drawn from [minCounter, maxCounter]. */
  minCounter?: number;
  maxCounter?: number;
  /** How long a challenge may be used. */
  ttlMs?: number;
}

export interface ProofOfWork {
  /** A new signed challenge for the report form. */
  challenge(): Promise<Challenge>;
  /**
   * Whether `payload` (the form's `pow` field: JSON of the challenge and its solution) solves a
   * challenge of ours that has not expired nor been used before. Marks it used.
   */
  verify(db: Db, payload: string): Promise<boolean>;
}

/** About half a second of a laptop's time, a second or two of a phone's (measured in ADR 015). */
const DEFAULTS = { cost: 1_000, minCounter: 500, maxCounter: 1_500, ttlMs: 20 * 60_000 };

function derivedSecret(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(`report-proof-of-work:${purpose}`).digest("hex");
}

function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  if (payload.length > 4_000) return undefined;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { challenge, solution } = parsed as Record<string, unknown>;
    if (typeof challenge !== "object" || challenge === null || typeof solution !== "object" || solution === null)
      return undefined;
    const parameters = (challenge as Record<string, unknown>).parameters;
    if (typeof parameters !== "object" || parameters === null) return undefined;
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return undefined;
  }
}

export function createProofOfWork(options: ProofOfWorkOptions): ProofOfWork {
  const { cost, minCounter, maxCounter, ttlMs } = { ...DEFAULTS, ...options };
  const hmacSignatureSecret = derivedSecret(options.secret, "challenge");
  const hmacKeySignatureSecret = derivedSecret(options.secret, "key");
  return {
    challenge: () =>
      createChallenge({
        algorithm: POW_ALGORITHM,
        cost,
        counter: randomInt(minCounter, maxCounter + 1),
        deriveKey,
        expiresAt: new Date(Date.now() + ttlMs),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(db, payload) {
      const parsed = parsePayload(payload);
      if (!parsed || parsed.challenge.parameters.algorithm !== POW_ALGORITHM) return false;
      let result;
      try {
        result = await verifySolution({ ...parsed, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        // A malformed challenge (wrong types in its parameters) is a wrong proof, not a fault.
        return false;
      }
      if (!result.verified || !parsed.challenge.signature) return false;
      // Used once: the first to record its signature wins; the row expires with the challenge.
      const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? Date.now() / 1_000) * 1_000);
      const [first] = await db
        .insert(rateLimits)
        .values({ key: `pow:${parsed.challenge.signature}`, count: 1, resetAt: expiresAt })
        .onConflictDoNothing()
        .returning({ key: rateLimits.key });
      return first !== undefined;
    },
  };
}

declare module "./context" {
  interface AppServices {
    /** Hands out and checks the public forms' proof-of-work challenges (reports, suggestions). */
    proofOfWork: ProofOfWork;
  }
}
