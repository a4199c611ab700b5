// What a problem report must be, as a zod schema whose every rule names its message
// (app/lib/form-rules.ts). Used on the server; the form itself only mirrors the limits.
import { z } from "zod";
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from "../../../database/reports";
import { FORM_PARSE, fieldMessages, paragraphText, formText } from "../../lib/form-rules";
import type { MessageKey } from "../../locales/en";

const EMAIL_MAX = 254;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "report.reasonRequired" }),
  note: paragraphText(REPORT_NOTE_MAX, "report.noteTooLong"),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: "error.invalidEmail" })
    .refine((email) => email === "" || z.email().safeParse(email).success, { error: "error.invalidEmail" }),
});

export interface ReportValues {
  reason: ReportReason;
  note: string;
  /** Empty when the visitor left none. */
  email: string;
}

export type ReportField = keyof ReportValues;

export type ParsedReport =
  { ok: true; values: ReportValues } | { ok: false; errors: Partial<Record<ReportField, MessageKey>> };

/** The form's fields as sent (a field left out is empty), checked. */
export function parseReport(form: { get(name: string): unknown }): ParsedReport {
  const text = formText(form);
  const parsed = reportSchema.safeParse(
    { reason: text("reason"), note: text("note"), email: text("email") },
    FORM_PARSE,
  );
  if (parsed.success) return { ok: true, values: parsed.data };
  return { ok: false, errors: fieldMessages<ReportField>(parsed.error.issues) };
}
