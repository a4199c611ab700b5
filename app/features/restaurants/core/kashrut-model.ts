// One kashrut model (ADR 032): the spec's kashrut value derived from the certificate's body and
// level, and the form's values made one model. The editor, the saves and the register's writes use
// it; no public page does, so it stays out of the first visit's shared code (vite.config.ts).
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";
import { isCertificateBody, isCertificateLevel, type CertificateFields } from "./certificate";
import { isKashrut, type Kashrut } from "./constants";
import type { RestaurantFormValues } from "./types";

export type KashrutFields = CertificateFields & Pick<RestaurantFormValues, "kosherKind" | "kashrut">;

/**
 * One kashrut model (ADR 032): the spec's kashrut value is derived from the certificate's facts, never
 * typed beside them. The same rule as the CASE in drizzle/0020_kashrut_model_and_register.sql (a test
 * holds the two equal on every pair): the Tel Aviv Rabbinate is "rabanut", or "mehadrin" at that level;
 * every Badatz is "mehadrin"; Tzohar is "tzohar"; another private supervision at the mehadrin level is
 * "mehadrin"; anything else (another private body at the regular level, "none", no body) is "unknown".
 */
export function deriveKashrut(
  body: CertificateBody | null | undefined,
  level: CertificateLevel | null | undefined,
): Kashrut {
  if (body === "rabbinate_tel_aviv") return level === "mehadrin" ? "mehadrin" : "rabanut";
  if (body?.startsWith("badatz_")) return "mehadrin";
  if (body === "tzohar") return "tzohar";
  if (body === "private_other" && level === "mehadrin") return "mehadrin";
  return "unknown";
}

/** A supervising body and level, as the certificate's columns hold them (null: not given). */
export interface ImpliedCertificate {
  body: CertificateBody | null;
  level: CertificateLevel | null;
}

/**
 * What a spec kashrut value says about the certificate when nothing else does (an old import, a
 * suggestion, "keep the Kashrut value" when settling a disagreement), as the migration read today's
 * data: in Tel Aviv, "Rabanut" and "Mehadrin" without more are the city Rabbinate's; "Tzohar" is
 * Tzohar; "Unknown" is no body. `deriveKashrut` of the result gives the value back.
 */
export function impliedCertificate(kashrut: Kashrut): ImpliedCertificate {
  switch (kashrut) {
    case "rabanut":
      return { body: "rabbinate_tel_aviv", level: "regular" };
    case "mehadrin":
      return { body: "rabbinate_tel_aviv", level: "mehadrin" };
    case "tzohar":
      return { body: "tzohar", level: null };
    default:
      return { body: null, level: null };
  }
}

/** The spec's kashrut value of a form's certificate fields (anything off the lists reads as not given). */
export function kashrutOfFields(values: Pick<CertificateFields, "certificateBody" | "certificateLevel">) {
  const body = values.certificateBody.trim();
  const level = values.certificateLevel.trim();
  return deriveKashrut(isCertificateBody(body) ? body : null, isCertificateLevel(level) ? level : null);
}

/**
 * The form's values made one kashrut model: where no body is given but a spec value is (an older
 * import or draft, a suggestion), the body and level that value implies are filled in; then the
 * spec value is derived from the body and level, whatever was typed beside them.
 */
export function withKashrutModel<T extends KashrutFields>(values: T): T {
  const typed = values.kashrut.trim();
  const implied =
    values.certificateBody.trim() === "" && isKashrut(typed) ? impliedCertificate(typed) : { body: null, level: null };
  const filled: T =
    implied.body === null
      ? values
      : {
          ...values,
          certificateBody: implied.body,
          certificateLevel: values.certificateLevel.trim() === "" ? (implied.level ?? "") : values.certificateLevel,
        };
  return { ...filled, kashrut: kashrutOfFields(filled) };
}
