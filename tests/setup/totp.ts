// RFC 6238 TOTP (HMAC-SHA-1, 30-second steps, 6 digits) from the base32 key an authenticator app
// is given: computed here independently of better-auth, as a phone would.
import { createHmac } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(input: string): Buffer {
  const clean = input.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totp(base32Secret: string, at = Date.now(), stepSeconds = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const hmac = createHmac("sha1", base32Decode(base32Secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, "0");
}

/** A 6-digit code that is certainly not the current one (nor its neighbours). */
export function wrongTotp(base32Secret: string, at = Date.now()): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(base32Secret, at + shift)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/**
 * Waits, when the current 30-second step ends within `marginMs`, for the next one to begin: a test
 * that uses the codes of the steps around "now" keeps them valid from start to end.
 */
export async function awayFromStepEdge(marginMs = 10_000, stepMs = 30_000): Promise<void> {
  const left = stepMs - (Date.now() % stepMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
