// What a claim ("Is this your restaurant?") must be, as a zod schema whose every rule
// names its message (app/lib/form-rules.ts): the account's role at the restaurant, a business phone
// and an optional note. The proof file is checked by the upload checks (claims.server.ts).
// Browser-safe: the form mirrors the limits.
import { z } from "zod";
import { FORM_PARSE, fieldMessages, oneLineText, paragraphText, formText } from "../../../lib/form-rules";
import type { MessageKey } from "../../../locales/en";

export const CLAIM_ROLE_MAX = 100;
export const CLAIM_PHONE_MAX = 30;
export const CLAIM_NOTE_MAX = 1_000;
/** An admin's reason for a rejection (sent to the claimant). */
export const CLAIM_REASON_MAX = 1_000;

/**
 * A phone number as people write one: digits with spaces, dashes, dots or brackets, an optional
 * leading + (and bracket), and 7 to 15 digits in all (03-555-1234, 054 1234567, +972 3 555 1234).
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?\(?[0-9][0-9 ().-]*$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

export const claimSchema = z.object({
  role: oneLineText()
    .trim()
    .min(2, { error: "claim.roleRequired" satisfies MessageKey })
    .max(CLAIM_ROLE_MAX, { error: "claim.roleTooLong" satisfies MessageKey }),
  phone: oneLineText()
    .trim()
    .min(1, { error: "claim.phoneRequired" satisfies MessageKey })
    .max(CLAIM_PHONE_MAX, { error: "claim.phoneInvalid" satisfies MessageKey })
    .refine(isPhoneNumber, { error: "claim.phoneInvalid" satisfies MessageKey }),
  note: paragraphText(CLAIM_NOTE_MAX, "claim.noteTooLong"),
});

export type ClaimValues = z.infer<typeof claimSchema>;
export type ClaimField = keyof ClaimValues | "proof";

export type ParsedClaim =
  { ok: true; values: ClaimValues } | { ok: false; errors: Partial<Record<ClaimField, MessageKey>> };

/** The form's fields as sent (a field left out, or a file where text belongs, is empty), checked. */
export function parseClaim(form: { get(name: string): unknown }): ParsedClaim {
  const text = formText(form);
  const parsed = claimSchema.safeParse({ role: text("role"), phone: text("phone"), note: text("note") }, FORM_PARSE);
  if (parsed.success) return { ok: true, values: parsed.data };
  return { ok: false, errors: fieldMessages<ClaimField>(parsed.error.issues) };
}
