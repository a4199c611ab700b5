// What the site says about a certificate (issue 29), in either language. Israeli law lets only a
// rabbinate certificate be called "kosher": every other body is worded "under the supervision of
// …" and its line says "supervision", never "kosher certificate". Pure: the keys are the
// catalogues' (the status line in `site`, shown on cards; the rest in `restaurant`, the page's).
import { isRabbinate, type CertificateBody, type CertificateFacts } from "../../../../database/lifecycle";
import { dateFormat } from "../../../lib/dates";
import type { Language } from "../../../lib/i18n/language";
import type { RestaurantKey, SiteKey } from "../../../locales/en";
import type { CertificateState } from "./status";

/** The status line: "Kosher certificate valid until 19 April" / "Supervision expired on 3 March"; none without a state. */
export function statusMessage(body: CertificateBody, state: CertificateState): { key: SiteKey; date: string } | undefined {
  if (state.kind === "none") return undefined;
  const kosher = isRabbinate(body);
  if (state.kind === "valid") return { key: kosher ? "cert.kValid" : "cert.sValid", date: state.until };
  if (state.kind === "renewalPending") return { key: kosher ? "cert.kPending" : "cert.sPending", date: state.expiredOn };
  return { key: kosher ? "cert.kExpired" : "cert.sExpired", date: state.expiredOn };
}

/** Who supervises, as the restaurant page heads the certificate: the rabbinate's "kosher certificate", any other's "under the supervision of …". */
export function bodyMessage(body: CertificateBody): RestaurantKey {
  return `cert.body.${body}`;
}

/** The level and number line ("Mehadrin · Certificate no. 123"), its parts: keys and the number. */
export function detailParts(facts: CertificateFacts): { level?: RestaurantKey; number?: string } {
  return {
    ...(facts.level ? { level: `cert.level.${facts.level}` as const } : {}),
    ...(facts.number ? { number: facts.number } : {}),
  };
}

const LOCALE: Record<Language, string> = { en: "en-US", he: "he-IL" };

/** "April 19" / "19 באפריל", with the year when it is not this year's ("April 19, 2027"). */
export function certificateDate(day: string, language: Language, today: string): string {
  const options: Intl.DateTimeFormatOptions =
    day.slice(0, 4) === today.slice(0, 4)
      ? { day: "numeric", month: "long", timeZone: "UTC" }
      : { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" };
  return dateFormat(LOCALE[language], options).format(new Date(`${day}T00:00:00Z`));
}
