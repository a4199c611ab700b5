// Password hashing for the tests' auth: better-auth's scrypt, each answer kept; a light scrypt for the fuzzing.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
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

/**
 * A light scrypt (N = 1,024, about a hundredth of the work; the same `salt:key` form) for the
 * fuzzing's server and its accounts: it signs in and up with thousands of made-up passwords, each a
 * new question, and better-auth's scrypt (about a fifth of a second of CPU each here) was most of
 * its time. What it checks is the answers (statuses, sessions, what changed), not the hash's cost;
 * every other test and every server run keep better-auth's scrypt.
 */
export const LIGHT_PASSWORDS: NonNullable<AuthOptions["password"]> = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await lightKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    const expected = Buffer.from(key, "hex");
    const actual = await lightKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

function lightKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
