// What the site says about a certificate (ADR 023), in either language. Israeli law lets only a
// rabbinate certificate be called "kosher": every other body is worded "under the supervision of
// …" and its line says "supervision", never "kosher certificate". Pure: the keys are the
// catalogues' (the status line in `site`, shown on cards; the rest in `restaurant`, the page's).
import type { CertificateBody } from "../../../../database/lifecycle";
import { formatLongDate } from "../../../lib/dates";
import type { SiteKey } from "../../../locales/en";
import type { CertificateState } from "../core";

/**
 * The status line: "Kosher certificate valid until April 19, 2027" / "Supervision expired on March 3, 2027";
 * the register's readings (ADR 033): "Certificate revoked per the Rabbinate's list of …", and the city-wide
 * renewal on the days after the batch date. None without a state.
 */
export function statusMessage(
  body: CertificateBody,
  state: CertificateState,
): { key: SiteKey; date: string } | undefined {
  if (state.kind === "none") return undefined;
  if (state.kind === "revoked") return { key: "cert.revoked", date: state.revokedOn };
  if (state.kind === "renewalPending" && state.batch) return { key: "cert.batch", date: state.until };
  // isRabbinate's rule, written out: importing database/lifecycle.ts would bring its lists into every
  // first visit's JavaScript (wording.test.ts checks that the two agree).
  return {
    key: `cert.${body === "rabbinate_tel_aviv" ? "k" : "s"}.${state.kind}`,
    date: state.kind === "valid" ? state.until : state.expiredOn,
  };
}

/** The day in the page's language ("April 19, 2027" / "19 באפריל 2027"). */
export const certificateDate = formatLongDate;
