// A certificate's facts between their three forms (ADR 023): the row's columns, the app's
// `CertificateFacts` (absent without a body) and the restaurant form's flat fields ("" when not
// given). The level, number and date are kept only with a supervising body ("none" has none).
import {
  CERTIFICATE_BODIES,
  CERTIFICATE_LEVELS,
  type CertificateBody,
  type CertificateFacts,
  type CertificateLevel,
} from "../../../../database/lifecycle";
import { KOSHER_KINDS, type KosherKind } from "../../../../database/register";
import type { RestaurantRow } from "../../../../database/schema/restaurants";
import type { RestaurantFormValues } from "./types";

export type CertificateColumns = Pick<
  RestaurantRow,
  "certificate_body" | "certificate_level" | "certificate_number" | "certificate_valid_until"
>;
export type CertificateFields = Pick<
  RestaurantFormValues,
  "certificateBody" | "certificateLevel" | "certificateNumber" | "certificateValidUntil"
>;
/** The form's one kashrut group (ADR 032): the certificate's fields, meat/dairy/parve, and the derived spec value. */

export const isCertificateBody = (value: unknown): value is CertificateBody =>
  (CERTIFICATE_BODIES as readonly unknown[]).includes(value);
export const isCertificateLevel = (value: unknown): value is CertificateLevel =>
  (CERTIFICATE_LEVELS as readonly unknown[]).includes(value);
export const isKosherKind = (value: unknown): value is KosherKind =>
  (KOSHER_KINDS as readonly unknown[]).includes(value);

const filled = (value: string | null | undefined): string | undefined =>
  value && value.trim() !== "" ? value.trim() : undefined;

/** Where the register put its facts: its revocation and the register's published day (the register's writes only). */
type RegisterColumns = Pick<RestaurantRow, "certificate_revoked_on" | "register_published_on">;

/** The facts of a row (read by the card's few columns too), or undefined when no body is given. */
export function certificateOfRow(row: Partial<CertificateColumns & RegisterColumns>): CertificateFacts | undefined {
  const body = row.certificate_body;
  if (!isCertificateBody(body)) return undefined;
  if (body === "none") return { body };
  const level = isCertificateLevel(row.certificate_level) ? row.certificate_level : undefined;
  const number = filled(row.certificate_number);
  const validUntil = filled(row.certificate_valid_until);
  const revokedOn = filled(row.certificate_revoked_on);
  const registerPublishedOn = filled(row.register_published_on);
  return {
    body,
    ...(level ? { level } : {}),
    ...(number ? { number } : {}),
    ...(validUntil ? { validUntil } : {}),
    ...(revokedOn ? { revokedOn } : {}),
    ...(registerPublishedOn ? { registerPublishedOn } : {}),
  };
}

export function certificateFormValues(facts: CertificateFacts | undefined): CertificateFields {
  return {
    certificateBody: facts?.body ?? "",
    certificateLevel: facts?.level ?? "",
    certificateNumber: facts?.number ?? "",
    certificateValidUntil: facts?.validUntil ?? "",
  };
}

/** The columns to store for checked form values (form-schema.ts: the details need a supervising body). */
export function certificateColumns(values: Partial<CertificateFields>): CertificateColumns {
  const body = isCertificateBody(values.certificateBody) ? values.certificateBody : null;
  const details = body !== null && body !== "none";
  return {
    certificate_body: body,
    certificate_level: details && isCertificateLevel(values.certificateLevel) ? values.certificateLevel : null,
    certificate_number: details ? (filled(values.certificateNumber) ?? null) : null,
    certificate_valid_until: details ? (filled(values.certificateValidUntil) ?? null) : null,
  };
}
