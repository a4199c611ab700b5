// The restaurant page's questions and answers, written on the server in the page's language (as
// its Pesach section is): the page carries the few sentences, not the catalogue that makes them
// (room in the first visit's budget; the words are in locales/*/written.ts). A sentence
// comes as its template and values, so the page still isolates a name or hours in the other language.
import type { Language } from "../../../lib/i18n/language";
import { localized } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import { formatLongDate } from "../../../lib/dates";
import { KASHRUT_LABELS, kashrutStanding, type CertificateState, type Restaurant } from "../core";
import type { RestaurantKey, WrittenKey } from "../../../locales/en";

/** A sentence as its template in the page's language and the values that fill it (the page isolates each: isolatedMessage). */
export interface Sentence {
  text: string;
  values: Record<string, string>;
}

export interface FaqText {
  title: string;
  items: { question: Sentence; answer: Sentence }[];
}

/** Is it kosher: "Yes" only when its kashrut is known and its certificate current (core/kashrut.ts). */
function kosherAnswer(
  restaurant: Restaurant,
  language: Language,
  state: CertificateState,
  say: (key: WrittenKey | RestaurantKey, values: Record<string, string>) => Sentence,
): Sentence {
  const name = localized(restaurant.name, language);
  const kashrut = KASHRUT_LABELS[restaurant.kashrut][language];
  const date = "expiredOn" in state ? formatLongDate(state.expiredOn, language) : "";
  switch (kashrutStanding(restaurant.kashrut, restaurant.certificate?.body, state)) {
    case "unknown":
      return say("restaurant.faqKosherUnknownA", { name });
    case "expired":
      return say("restaurant.faqKosherExpiredA", { name, date });
    case "revoked":
      return say("restaurant.faqKosherRevokedA", {
        name,
        date: "revokedOn" in state ? formatLongDate(state.revokedOn, language) : "",
      });
    case "renewalPending":
      return say("restaurant.faqKosherPendingA", { name, kashrut, date });
    default:
      return say("restaurant.faqKosherA", { name, kashrut });
  }
}

/**
 * Is it kosher, and when is it open (a closed restaurant's page says it is closed instead: null).
 * `state`: its certificate's state on the page's day.
 */
export function faqOf(
  restaurant: Restaurant,
  language: Language,
  state: CertificateState = { kind: "none" },
): FaqText | null {
  if (restaurant.isPermanentlyClosed) return null;
  const t = translator(language);
  const say = (key: WrittenKey | RestaurantKey, values: Record<string, string>): Sentence => ({ text: t(key), values });
  const name = localized(restaurant.name, language);
  return {
    title: t("restaurant.faqTitle"),
    items: [
      {
        question: say("restaurant.faqKosherQ", { name }),
        answer: kosherAnswer(restaurant, language, state, say),
      },
      {
        question: say("restaurant.faqHoursQ", { name }),
        answer: restaurant.hours
          ? say("restaurant.faqHoursStructuredA", { name })
          : restaurant.openingHours
            ? say("restaurant.faqHoursA", {
                hours: localized({ en: restaurant.openingHours, he: restaurant.openingHoursHe }, language),
              })
            : say("restaurant.faqHoursUnknownA", { name }),
      },
    ],
  };
}
