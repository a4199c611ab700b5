// What a restaurant suggestion must be (ADR 023), as a zod schema whose every rule names its
// message (app/lib/form-rules.ts). Used on the server; the form itself only mirrors the limits.
import { z } from "zod";
import {
  FORM_PARSE,
  fieldMessages,
  hasNoControlCharacters,
  oneLineText,
  paragraphText,
  formText,
} from "../../../lib/form-rules";
import { isWebLink, withScheme } from "../../../lib/links";
import type { MessageKey } from "../../../locales/en";

import { SUGGESTION_FIELD_MAX } from "./limits";

const MAX = SUGGESTION_FIELD_MAX;

/** One line of text without control characters (a bell or an escape is never typed into a name). */
const line = (max: number) =>
  oneLineText()
    .trim()
    .max(max, "suggest.tooLong" satisfies MessageKey)
    .refine(hasNoControlCharacters, "error.invalidCharacters" satisfies MessageKey);

export const suggestionSchema = z
  .object({
    nameEn: line(MAX.name),
    nameHe: line(MAX.name),
    address: line(MAX.address).min(2, "suggest.addressRequired" satisfies MessageKey),
    kashrut: line(MAX.kashrut),
    link: line(MAX.link)
      .transform(withScheme)
      .refine((value) => value === "" || isWebLink(value), "suggest.linkInvalid" satisfies MessageKey),
    note: paragraphText(MAX.note, "suggest.tooLong"),
    email: z
      .string()
      .trim()
      .max(MAX.email, { error: "error.invalidEmail" satisfies MessageKey })
      .refine((email) => email === "" || z.email().safeParse(email).success, {
        error: "error.invalidEmail" satisfies MessageKey,
      }),
  })
  // A name in either language: the one the visitor knows.
  .refine((values) => values.nameEn.length >= 2 || values.nameHe.length >= 2, {
    error: "suggest.nameRequired" satisfies MessageKey,
    path: ["nameEn"],
    when: (payload) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value?.nameEn === "string" && typeof value.nameHe === "string";
    },
  });

export interface SuggestionValues {
  nameEn: string;
  nameHe: string;
  address: string;
  kashrut: string;
  /** Empty when none. */
  link: string;
  note: string;
  /** Empty when the visitor left none. */
  email: string;
}

export type SuggestionField = keyof SuggestionValues | "certificate";

export const SUGGESTION_FIELDS = [
  "nameEn",
  "nameHe",
  "address",
  "kashrut",
  "link",
  "note",
  "email",
] as const satisfies readonly (keyof SuggestionValues)[];

export type ParsedSuggestion =
  { ok: true; values: SuggestionValues } | { ok: false; errors: Partial<Record<SuggestionField, MessageKey>> };

/** The form's fields as sent (a field left out is empty), checked. */
export function parseSuggestion(form: { get(name: string): unknown }): ParsedSuggestion {
  const text = formText(form);
  const parsed = suggestionSchema.safeParse(
    Object.fromEntries(SUGGESTION_FIELDS.map((field) => [field, text(field)])),
    FORM_PARSE,
  );
  if (parsed.success) return { ok: true, values: parsed.data };
  return { ok: false, errors: fieldMessages<SuggestionField>(parsed.error.issues) };
}
