// How listings arrive and stay true (ADR 023): the kashrut certificate's facts, Pesach, suggestions
// and claims. Plain data, shared by the schema, the server and the pages (no Drizzle, so the browser
// bundle may import it).

/**
 * Who supervises a restaurant's kashrut. Israeli law lets only a rabbinate certificate be called
 * "kosher"; every other body is worded "under the supervision of …" (`isRabbinate`).
 */
export const CERTIFICATE_BODIES = [
  "rabbinate_tel_aviv",
  "badatz_eda_haharedit",
  "badatz_beit_yosef",
  "badatz_landau",
  "badatz_rubin",
  "badatz_machzikei_hadas",
  "tzohar",
  "private_other",
  "none",
] as const;
export type CertificateBody = (typeof CERTIFICATE_BODIES)[number];

export function isRabbinate(body: CertificateBody): boolean {
  return body === "rabbinate_tel_aviv";
}

export const CERTIFICATE_LEVELS = ["regular", "mehadrin"] as const;
export type CertificateLevel = (typeof CERTIFICATE_LEVELS)[number];

/** The longest certificate number a form takes. */
export const CERTIFICATE_NUMBER_MAX = 40;

/** A certificate's facts: who, what level, its number, until when (a "YYYY-MM-DD" day in Tel Aviv). */
export interface CertificateFacts {
  body: CertificateBody;
  level?: CertificateLevel;
  number?: string;
  validUntil?: string;
  /**
   * Set from the Rabbinate's list of revoked certificates (that list's published day): the listing
   * reads "certificate revoked" whatever its date says, until an admin clears it.
   */
  revokedOn?: string;
  /** The published day of the Rabbinate register whose facts it carries; absent: typed by hand. */
  registerPublishedOn?: string;
}

/** During Pesach: closed, open and kosher for Pesach, or open but not kosher for Pesach. */
export const PESACH_STATUSES = ["closed", "kosher", "not_kosher"] as const;
export type PesachStatus = (typeof PESACH_STATUSES)[number];

/** One restaurant's Pesach in one year. */
export interface PesachPlan {
  status: PesachStatus;
  /** Serves kitniyot (legumes, rice); only for an open place. */
  kitniyot?: boolean;
  /** The Pesach certificate, when kosher for Pesach. */
  certificate?: CertificateFacts;
  /** Opening hours on the days of Chol HaMoed ("HH:MM" ranges, Tel Aviv time); absent: the usual week's. */
  cholHamoed?: { from: string; to: string }[];
}

/** As stored in `restaurants.pesach`: a plan per Gregorian year of Pesach ("2027"). */
export type PesachPlans = Record<string, PesachPlan>;

export const SUGGESTION_STATUSES = ["open", "approved", "merged", "rejected"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const CLAIM_STATUSES = ["open", "approved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Days before a certificate's last day on which its owners are reminded, once each. */
export const CERTIFICATE_REMINDER_DAYS = [14, 3] as const;
