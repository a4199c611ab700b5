// What the public pages say about a restaurant: labels, title and description, structured data,
// the kashrut website rule and the menu kind. Pure, so it is unit tested. The title, description
// and structured data are made by the page's loader (the browser does not carry their words).
import type { WeeklyHours } from "../../../../database/hours";
import type { Language } from "../../../lib/i18n/language";
import { localized } from "../../../lib/i18n/language";
import { formatLongDate } from "../../../lib/dates";
import { KASHRUT_LABELS, tagLabel } from "./constants";
import { kashrutStanding } from "./kashrut";
import type { CertificateState } from "./certificate-status";
import type { Restaurant } from "./types";

export const META_TAGS = 3;

/**
 * The page's title: "kosher restaurant" only when its kashrut is known and its certificate not
 * expired; otherwise it says the kashrut is unknown, or that its supervision expired.
 */
export function restaurantTitle(
  restaurant: Restaurant,
  language: Language,
  state: CertificateState = NO_CERTIFICATE,
): string {
  const name = localized(restaurant.name, language);
  const kashrut = KASHRUT_LABELS[restaurant.kashrut][language];
  const he = language === "he";
  switch (kashrutStanding(restaurant.kashrut, restaurant.certificate?.body, state)) {
    case "unknown":
      return he ? `${name} | מסעדה בתל אביב (כשרות לא ידועה)` : `${name} | Restaurant in Tel Aviv (kashrut unknown)`;
    case "expired":
      return he
        ? `${name} | מסעדה בתל אביב (תוקף השגחת הכשרות פג)`
        : `${name} | Restaurant in Tel Aviv (kashrut supervision expired)`;
    case "revoked":
      return he
        ? `${name} | מסעדה בתל אביב (תעודת הכשרות בוטלה)`
        : `${name} | Restaurant in Tel Aviv (kosher certificate revoked)`;
    default:
      return he ? `${name} | מסעדה כשרה (${kashrut}) בתל אביב` : `${name} | Kosher restaurant (${kashrut}) in Tel Aviv`;
  }
}

/** The page's description: as its title, honest about an unknown kashrut or an expired supervision; then the first tags. */
export function restaurantDescription(
  restaurant: Restaurant,
  language: Language,
  state: CertificateState = NO_CERTIFICATE,
): string {
  const name = localized(restaurant.name, language);
  const kashrut = KASHRUT_LABELS[restaurant.kashrut][language];
  const tags = restaurant.tags.slice(0, META_TAGS).map((tag) => tagLabel(tag, language));
  const he = language === "he";
  const expiredOn = "expiredOn" in state ? formatLongDate(state.expiredOn, language) : "";
  const revokedOn = "revokedOn" in state ? formatLongDate(state.revokedOn, language) : "";
  let base: string;
  switch (kashrutStanding(restaurant.kashrut, restaurant.certificate?.body, state)) {
    case "unknown":
      base = he
        ? `${name}: מסעדה בתל אביב. איננו יודעים מי משגיח על הכשרות שלה.`
        : `${name}: restaurant in Tel Aviv. We do not know who supervises its kashrut.`;
      break;
    case "expired":
      base = he
        ? `${name}: מסעדה בתל אביב. תוקף השגחת הכשרות (${kashrut}) פג ב-${expiredOn}.`
        : `${name}: restaurant in Tel Aviv. Its ${kashrut} kashrut supervision expired on ${expiredOn}.`;
      break;
    case "revoked":
      base = he
        ? `${name}: מסעדה בתל אביב. תעודת הכשרות שלה בוטלה לפי רשימת הרבנות מ־${revokedOn}.`
        : `${name}: restaurant in Tel Aviv. Its kosher certificate was revoked per the Rabbinate's list of ${revokedOn}.`;
      break;
    case "renewalPending":
      base = he
        ? `${name}: מסעדה כשרה בתל אביב, כשרות ${kashrut}; חידוש התעודה ממתין (פגה ב-${expiredOn}).`
        : `${name}: kosher restaurant in Tel Aviv, ${kashrut} kashrut; certificate renewal pending (expired ${expiredOn}).`;
      break;
    default:
      base = he
        ? `${name}: מסעדה כשרה בתל אביב, כשרות ${kashrut}.`
        : `${name}: kosher restaurant in Tel Aviv, ${kashrut} kashrut.`;
  }
  return tags.length > 0 ? `${base} ${tags.join(", ")}.` : base;
}

const NO_CERTIFICATE: CertificateState = { kind: "none" };

export type KashrutWebsiteLabel = "kashrutSite.tzohar" | "kashrutSite.rabanut";

/**
 * The kashrut website button (spec): only for tzohar, rabanut or mehadrin with a website link;
 * labelled Tzohar website for tzohar and Rabanut website otherwise (mehadrin is a rabanut level).
 */
export function kashrutWebsiteButton(restaurant: Restaurant): { href: string; label: KashrutWebsiteLabel } | undefined {
  if (!restaurant.kashrutWebsite || restaurant.kashrut === "unknown") return undefined;
  return {
    href: restaurant.kashrutWebsite,
    label: restaurant.kashrut === "tzohar" ? "kashrutSite.tzohar" : "kashrutSite.rabanut",
  };
}

export type MenuKind = "none" | "link" | "pdf" | "images";

/** Spec section 4: images present means images; else a link ending in .pdf; else a link; else none. */
export function menuKind(restaurant: Pick<Restaurant, "menuImages" | "menuLink">): MenuKind {
  if (restaurant.menuImages.length > 0) return "images";
  if (restaurant.menuLink && isPdfLink(restaurant.menuLink)) return "pdf";
  if (restaurant.menuLink) return "link";
  return "none";
}

export function isPdfLink(url: string): boolean {
  return /\.pdf$/i.test(url.split(/[?#]/)[0] ?? "");
}

/**
 * schema.org WebPage for a restaurant's page: when its information last changed or was verified,
 * whichever is later. A Restaurant has no modification date of its own in schema.org;
 * the page about it does, and points at it.
 */
export function restaurantPageJsonLd(pageUrl: string, lastChanged: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    url: pageUrl,
    dateModified: lastChanged,
    about: { "@id": `${pageUrl}#restaurant` },
  };
}

/** schema.org Restaurant, for search engines. */
export function restaurantJsonLd(restaurant: Restaurant, language: Language, pageUrl: string, imageUrl?: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    "@id": `${pageUrl}#restaurant`,
    name: localized(restaurant.name, language),
    url: pageUrl,
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(restaurant.description ? { description: localized(restaurant.description, language) } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: localized({ en: restaurant.address, he: restaurant.addressHe }, language),
      addressLocality: language === "he" ? "תל אביב-יפו" : "Tel Aviv-Yafo",
      addressCountry: "IL",
    },
    ...(restaurant.phoneNumber ? { telephone: restaurant.phoneNumber } : {}),
    ...(restaurant.tags.length > 0 ? { servesCuisine: restaurant.tags.map((tag) => tagLabel(tag, language)) } : {}),
    ...(restaurant.menuLink ? { hasMenu: restaurant.menuLink } : {}),
    ...(restaurant.bookingLink ? { acceptsReservations: true } : {}),
    ...(restaurant.location
      ? { geo: { "@type": "GeoCoordinates", latitude: restaurant.location.lat, longitude: restaurant.location.lng } }
      : {}),
    ...(restaurant.hours ? { openingHoursSpecification: openingHoursSpecification(restaurant.hours) } : {}),
  };
}

const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The weekly ranges for search engines (a range past midnight closes "before" it opens, as
 * schema.org reads it: the next day). Shabbat and holiday closings depend on the week and are not
 * expressible here; the page says them.
 */
export function openingHoursSpecification(hours: WeeklyHours) {
  return hours.days.flatMap((ranges, index) =>
    ranges.map((range) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[index]}`,
      opens: range.from,
      closes: range.to,
    })),
  );
}
