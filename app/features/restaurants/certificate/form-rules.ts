// The restaurant form's certificate fields (ADR 023), for editing/form-schema.ts: a body from the
// list or none given, a level from the list, an optional number, and a real calendar day (past days
// allowed: an expired certificate is still a fact). Details without a supervising body are refused.
import { z } from "zod";
import { CERTIFICATE_NUMBER_MAX } from "../../../../database/lifecycle";
import { isCalendarDay } from "../../../lib/dates";
import { oneLineText } from "../../../lib/form-rules";
import type { MessageKey } from "../../../locales/en";
import { isCertificateBody, isCertificateLevel, isKosherKind, type CertificateFields } from "../core";

/** A date between these years is believable; anything else is a typing slip (02026, 1926). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

export function isCertificateDay(value: string): boolean {
  if (!isCalendarDay(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * A certificate's last day as a form types it: empty, or a real day in the believable years. One
 * piece for the listing's certificate and Pesach's, so both refuse the same days with the same words.
 */
export const certificateDay = z
  .string()
  .trim()
  .refine((value) => value === "" || isCertificateDay(value), "form.certificateDateInvalid" satisfies MessageKey);

/** The fields; left out (a form or file from before these fields existed) they are empty. */
export const certificateFields = {
  certificateBody: z
    .string()
    .trim()
    .refine((value) => value === "" || isCertificateBody(value), "form.certificateBodyInvalid" satisfies MessageKey)
    .default(""),
  certificateLevel: z
    .string()
    .trim()
    .refine((value) => value === "" || isCertificateLevel(value), "form.certificateLevelInvalid" satisfies MessageKey)
    .default(""),
  certificateNumber: oneLineText()
    .trim()
    .max(CERTIFICATE_NUMBER_MAX, "form.tooLong" satisfies MessageKey)
    .default(""),
  certificateValidUntil: certificateDay.default(""),
  // Meat, dairy or parve, in the same kashrut group (ADR 032); left out: not known.
  kosherKind: z
    .string()
    .trim()
    .refine((value) => value === "" || isKosherKind(value), "kashrutModel.kindInvalid" satisfies MessageKey)
    .default(""),
};

/** Details given without a supervising body (none chosen, or "none"). */
export function detailsWithoutBody(values: CertificateFields): boolean {
  const body = values.certificateBody.trim();
  const details = [values.certificateLevel, values.certificateNumber, values.certificateValidUntil].some(
    (value) => value.trim() !== "",
  );
  return details && (body === "" || body === "none");
}

export const DETAILS_NEED_BODY = {
  error: "form.certificateBodyRequired" satisfies MessageKey,
  path: ["certificateBody"],
};
