// Password hashing for the tests' auth: better-auth's scrypt, each answer kept.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { AuthOptions } from "../../app/lib/auth.server";

/**
 * better-auth's own scrypt, each answer kept for the test process: one hash or check costs a tenth
 * of a second of CPU, and the tests make the same ones hundreds of times (the factory's one
 * password). Every answer is still scrypt's; only a repeated question is not asked again.
 */
function rememberedScrypt(): NonNullable<AuthOptions["password"]> {
  const hashes = new Map<string, Promise<string>>();
  const checks = new Map<string, Promise<boolean>>();
  const remember = <T>(kept: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> => {
    const known = kept.get(key);
    if (known) return known;
    const answer = compute();
    kept.set(key, answer);
    // A failure is not kept: the next question asks again.
    answer.catch(() => kept.delete(key));
    return answer;
  };
  return {
    hash: (password) => remember(hashes, password, () => hashPassword(password)),
    verify: (input) => remember(checks, `${input.hash}\n${input.password}`, () => verifyPassword(input)),
  };
}
/** For every auth the tests make (tests/setup/services.ts, the browser tests' session maker). */
export const TEST_PASSWORDS = rememberedScrypt();
