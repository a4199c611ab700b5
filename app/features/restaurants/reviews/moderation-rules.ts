// What a review's report and an owner's reply must be, as zod schemas whose every rule names its
// message (app/lib/form-rules.ts), and the report reasons' labels. Browser-safe: the forms mirror the
// limits; the server checks. The queue's own rules are in queue-rules.ts (the dashboard's words).
import { z } from "zod";
import {
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  type ReviewReportReason,
} from "../../../../database/reviews";
import { FORM_PARSE, fieldMessages, formText, paragraphText } from "../../../lib/form-rules";
import type { MessageKey } from "../../../locales/en";

/** Each report reason's label on the form and in the queue (literal keys, so the usage test finds them). */
export const REPORT_REASON_LABEL: Record<ReviewReportReason, MessageKey> = {
  spam: "reviewModerate.reason.spam",
  attack: "reviewModerate.reason.attack",
  "wrong-place": "reviewModerate.reason.wrongPlace",
  conflict: "reviewModerate.reason.conflict",
  kashrut: "reviewModerate.reason.kashrut",
  other: "reviewModerate.reason.other",
};

export const reviewReportSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: "reviewModerate.reasonRequired" satisfies MessageKey }),
  note: paragraphText(REVIEW_REPORT_NOTE_MAX, "reviewModerate.noteTooLong"),
});
export type ReviewReportValues = z.infer<typeof reviewReportSchema>;

export const reviewReplySchema = z.object({
  body: paragraphText(REVIEW_REPLY_MAX, "reviewModerate.replyTooLong", "reviewModerate.replyRequired"),
});
export type ReviewReplyValues = z.infer<typeof reviewReplySchema>;

type Parsed<Values, Field extends string> =
  { ok: true; values: Values } | { ok: false; errors: Partial<Record<Field, MessageKey>> };

function parseWith<S extends z.ZodType, Field extends string>(
  schema: S,
  fields: readonly Field[],
  form: { get(name: string): unknown },
): Parsed<z.infer<S>, Field> {
  const text = formText(form);
  const parsed = schema.safeParse(Object.fromEntries(fields.map((field) => [field, text(field)])), FORM_PARSE);
  if (parsed.success) return { ok: true, values: parsed.data };
  return { ok: false, errors: fieldMessages<Field>(parsed.error.issues) };
}

export const parseReviewReport = (form: { get(name: string): unknown }) =>
  parseWith(reviewReportSchema, ["reason", "note"], form);
export const parseReviewReply = (form: { get(name: string): unknown }) => parseWith(reviewReplySchema, ["body"], form);
