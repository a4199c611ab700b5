// The browser's half of the public forms' proof-of-work (reports, suggestions; ADR 015): fetch a challenge and find its
// counter with Web Crypto. Loaded only when a visitor opens the form (a dynamic import).
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";

/** The form's `pow` value (the challenge and its solution, as JSON), or null if none could be found. */
export async function proveWork(challengeUrl: string): Promise<string | null> {
  const response = await fetch(challengeUrl, { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) return null;
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return solution ? JSON.stringify({ challenge, solution }) : null;
}
