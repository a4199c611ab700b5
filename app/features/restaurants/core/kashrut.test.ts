// What the site claims about a listing's kashrut, over every kashrut value and certificate state,
// in both languages: "kosher" and "Yes" only where its kashrut is known and its certificate current.
import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { KASHRUT_VALUES, type Kashrut } from "./constants";
import { faqOf } from "../page/faq.server";
import { rowToRestaurant } from "./mapping";
import { restaurantDescription, restaurantJsonLd, restaurantTitle } from "./presentation";
import { isDoubtful, kashrutStanding, type KashrutStanding } from "./kashrut";
import { certificateState, type CertificateState } from "./certificate-status";

const clock = { today: "2027-06-01", graceDays: 30 };
/** A rabbinate certificate whose last valid day puts it in each state on `clock.today`. */
const CERTIFICATES = {
  valid: "2027-12-31",
  renewalPending: "2027-05-20",
  expired: "2027-03-02",
  none: undefined,
} as const;

function listing(kashrut: Kashrut, validUntil: string | undefined) {
  const restaurant = rowToRestaurant(
    buildRestaurantRow({
      slug: "olive",
      name_en: "Olive Grill",
      name_he: "גריל הזית",
      kashrut,
      tags: ["Meat"],
      description_en: "Grill.",
      description_he: "גריל.",
    }),
  );
  const withCertificate = validUntil
    ? { ...restaurant, certificate: { body: "rabbinate_tel_aviv" as const, validUntil } }
    : restaurant;
  return { restaurant: withCertificate, state: certificateState(withCertificate.certificate, clock) };
}

const expected = (kashrut: Kashrut, certificate: keyof typeof CERTIFICATES): KashrutStanding =>
  certificate === "expired"
    ? "expired"
    : kashrut === "unknown"
      ? "unknown"
      : certificate === "renewalPending"
        ? "renewalPending"
        : "supervised";

const answerOf = (
  restaurant: ReturnType<typeof listing>["restaurant"],
  language: "en" | "he",
  state: CertificateState,
) => {
  const answer = faqOf(restaurant, language, state)?.items[0]?.answer;
  return answer ? answer.text.replace(/\{(\w+)\}/g, (_, key: string) => answer.values[key] ?? "") : "";
};

describe("what a page may claim about kashrut", () => {
  for (const kashrut of KASHRUT_VALUES) {
    for (const certificate of Object.keys(CERTIFICATES) as (keyof typeof CERTIFICATES)[]) {
      it(`${kashrut} with ${certificate === "none" ? "no" : `a ${certificate}`} certificate`, () => {
        const { restaurant, state } = listing(kashrut, CERTIFICATES[certificate]);
        const standing = kashrutStanding(kashrut, restaurant.certificate?.body, state);
        expect(standing).toBe(expected(kashrut, certificate));
        const doubtful = isDoubtful(standing);
        for (const language of ["en", "he"] as const) {
          const title = restaurantTitle(restaurant, language, state);
          const description = restaurantDescription(restaurant, language, state);
          const answer = answerOf(restaurant, language, state);
          const kosher = language === "en" ? /kosher restaurant/i : /מסעדה כשרה/;
          const yes = language === "en" ? /^Yes\./ : /^כן\./;
          const json = JSON.stringify(restaurantJsonLd(restaurant, language, "https://k.example/en/restaurant/olive"));
          if (doubtful) {
            // Never "kosher restaurant", never "Yes", never "verified".
            expect(title).not.toMatch(kosher);
            expect(description).not.toMatch(kosher);
            expect(answer).not.toMatch(yes);
            expect(`${title} ${description} ${answer} ${json}`).not.toMatch(/verified|מאומת|kosher|כשרה/i);
            expect(title).toMatch(
              standing === "expired"
                ? language === "en"
                  ? /supervision expired/
                  : /פג/
                : language === "en"
                  ? /kashrut unknown/
                  : /כשרות לא ידועה/,
            );
          } else {
            expect(title).toMatch(kosher);
            expect(description).toMatch(kosher);
          }
          if (standing === "supervised") expect(answer).toMatch(yes);
          if (standing === "renewalPending") {
            expect(answer).not.toMatch(yes);
            expect(description).toMatch(language === "en" ? /renewal pending/ : /חידוש התעודה ממתין/);
          }
          if (standing === "expired") {
            // The day it expired, in the page's language.
            const day = language === "en" ? "March 3, 2027" : "3 במרץ 2027";
            expect(description).toContain(day);
            expect(answer).toContain(day);
          }
        }
      });
    }
  }

  it("calls a listing with no supervising body unknown, whatever its kashrut value", () => {
    expect(kashrutStanding("rabanut", "none", { kind: "none" })).toBe("unknown");
  });
});
