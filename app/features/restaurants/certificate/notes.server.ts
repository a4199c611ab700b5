// The restaurant page's words for its certificate, written on the server in the page's language (as
// the questions and answers are), so the page's script carries none of them: who supervises (the
// Rabbinate's "kosher certificate", any other body's "under the supervision of …"), its level, where
// its facts come from (the Rabbinate's register, with its reminder that only the original
// certificate proves kashrut), and that the Rabbinate's list of revoked certificates names the place.
import type { CertificateBody, CertificateFacts } from "../../../../database/lifecycle";
import { formatLongDate } from "../../../lib/dates";
import type { Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import type { WrittenKey } from "../../../locales/en";
import type { CertificateState } from "../core";

/**
 * Who supervises, as a sentence: the rabbinate's "Kosher certificate of the Tel Aviv-Yafo Rabbinate",
 * any other's "Under the supervision of …" (Israeli law lets only a rabbinate certificate be called kosher).
 */
export function bodySentence(body: CertificateBody): WrittenKey {
  return `certificate.body.${body}`;
}

export interface CertificateNotes {
  /** Who supervises (`bodySentence`); null without a body. */
  heading: string | null;
  /** "Per the Tel Aviv-Yafo Rabbinate's register published on …", with the register's reminder. */
  source: string | null;
  /** The revoked list names the place (its line says since when). */
  revoked: string | null;
}

export function certificateNotesOf(
  certificate: CertificateFacts | undefined,
  state: CertificateState,
  language: Language,
): CertificateNotes {
  const t = translator(language);
  const published = certificate?.registerPublishedOn;
  return {
    heading: certificate ? t(bodySentence(certificate.body)) : null,
    source: published ? t("restaurant.certificateSource", { date: formatLongDate(published, language) }) : null,
    revoked: state.kind === "revoked" ? t("restaurant.certificateRevokedNote") : null,
  };
}
