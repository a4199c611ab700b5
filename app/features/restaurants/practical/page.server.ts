// What the restaurant page says of the practical facts (ADR 024), made by its loader: the badges'
// words in the page's language and schema.org's words for search engines. Apart from practical.ts,
// which every part of the app reaches through the mapping: only the restaurant page shows these.
import type { Translate } from "../../../lib/i18n/messages";
import { priceSigns, servicesOf, type PracticalFacts, type Service } from "../core";

/**
 * schema.org's words for the facts, added to the restaurant page's Restaurant (presentation.ts):
 * `priceRange` in shekel signs and the known services and wheelchair access as `amenityFeature`,
 * named in English in either language (one vocabulary for search engines). Only what is known: a
 * yes-flag not set says nothing, and "partly" accessible is neither true nor false, so it is left
 * out. Built by the page's loader, so the page's JavaScript does not carry it.
 */
export function practicalStructuredData(facts: PracticalFacts): { priceRange?: string; amenityFeature?: object[] } {
  const feature = (name: string, value: boolean) => ({ "@type": "LocationFeatureSpecification", name, value });
  const features = [
    ...servicesOf(facts).map((service) => feature(SERVICE_NAMES[service], true)),
    ...(facts.wheelchair === "yes" || facts.wheelchair === "no"
      ? [feature("Wheelchair accessible", facts.wheelchair === "yes")]
      : []),
  ];
  return {
    ...(facts.priceLevel ? { priceRange: priceSigns(facts.priceLevel) } : {}),
    ...(features.length > 0 ? { amenityFeature: features } : {}),
  };
}

const WHEELCHAIR_LABEL = {
  yes: "facts.wheelchair",
  partly: "factsPage.wheelchairPartly",
  no: "factsPage.wheelchairNo",
} as const;

/**
 * What the restaurant page says of the facts, in the page's language, one badge each: "Price: ₪₪",
 * the services, the wheelchair access. Made by the page's loader (on the server, where every
 * message is), so the page's script carries neither the words nor the rules.
 */
export function practicalLabels(facts: PracticalFacts, t: Translate): string[] {
  return [
    ...(facts.priceLevel ? [`${t("filters.price")}: ${priceSigns(facts.priceLevel)}`] : []),
    ...servicesOf(facts).map((service) => t(`facts.${service}`)),
    ...(facts.wheelchair ? [t(WHEELCHAIR_LABEL[facts.wheelchair])] : []),
  ];
}

const SERVICE_NAMES: Record<Service, string> = { delivery: "Delivery", takeaway: "Takeaway", catering: "Catering" };
