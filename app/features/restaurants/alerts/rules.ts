// The alert settings form (ADR 024), as a zod schema whose every rule names its message
// (app/lib/form-rules.ts): on or off (a checkbox: "on" or absent), and the e-mails' language.
import { z } from "zod";
import { LANGUAGES } from "../../../lib/i18n/language";
import { FORM_PARSE, fieldMessages, formText } from "../../../lib/form-rules";
import type { MessageKey } from "../../../locales/en";
import type { AlertSettings } from "./alerts.server";

export const alertSettingsSchema = z.object({
  enabled: z.enum(["", "on"], { error: "form.invalidValue" satisfies MessageKey }).transform((value) => value === "on"),
  language: z.enum(LANGUAGES, { error: "alerts.languageInvalid" satisfies MessageKey }),
});

export type AlertSettingsField = keyof z.input<typeof alertSettingsSchema>;

export type ParsedAlertSettings =
  { ok: true; values: AlertSettings } | { ok: false; errors: Partial<Record<AlertSettingsField, MessageKey>> };

/** The form's fields as sent (a field left out is empty), checked. */
export function parseAlertSettings(form: { get(name: string): unknown }): ParsedAlertSettings {
  const text = formText(form);
  const parsed = alertSettingsSchema.safeParse({ enabled: text("enabled"), language: text("language") }, FORM_PARSE);
  if (parsed.success) return { ok: true, values: parsed.data };
  return { ok: false, errors: fieldMessages<AlertSettingsField>(parsed.error.issues) };
}
