// The register's business types read as facts: is the business a place to eat (a lead for the
// suggestions queue when no listing matches), and does its type say meat, dairy or parve.
// Plain data and functions, so a page may show the same reading.
import type { KosherKind } from "../../../../database/register";

/**
 * Types that are never a place to eat, whatever else the type says: factories, caterers, event halls,
 * institutions (hospitals, old people's homes, schools), flour mills. Checked first, so "מפעל קוקטיילים"
 * (a cocktail factory) is not an eatery for the "קוקטייל" in it.
 */
const NEVER_EATERY =
  /מפעל|קייטרינג|קיטרינג|קטרינג|אולם|גן אירועים|בית חולים|בית אבות|בית ספר|מוסד|פנימי|טחנ|מטבח|factory|caterer|catering|hall|hospital|school|institution/i;

/**
 * Types that are a place to eat: restaurants of every kind, cafés, snack bars (מזנון), hummus and
 * falafel places, pizzerias, ice-cream parlours, bars, sushi, vegan and vegetarian places, a butcher
 * with a café ("אטליז ובית קפה"). Shops (butchers, fish, fruit and vegetables, juice, nuts, spices),
 * supermarkets and chains, delicatessens, bakeries and confectioneries (mostly take-away: a bakery
 * with seating is listed as a café), hotels (their kitchens serve the hotel, not the street) and the
 * types above are not.
 */
const EATERY =
  /מסעד|בית[\s-]?קפה|קפה[\s-]?בר|מזנון|חומוסי|פלאפל|פיצרי|פיצה|גלידרי|בר אקטיבי|^בר$|פאב|סושי|טבעוני|צמחוני|שווארמ|שוארמ|בורגר|גריל|ביסטרו|קפיטרי|restaurant|caf[eé]|coffee|diner|bistro|pizz|falafel|hummus|sushi|burger|grill|\bbar\b|\bpub\b|ice[\s-]?cream|vegan|vegetarian/i;

/** Whether a business of this type (as the register words it) is a place to eat. Empty or unknown types are not. */
export function isEatery(businessType: string): boolean {
  const type = businessType.trim();
  if (type === "" || NEVER_EATERY.test(type)) return false;
  return EATERY.test(type);
}

/**
 * Meat, dairy or parve, where the type says exactly one ("מסעדה בשרית", "מזנון חלבי", "מזנון פרווה");
 * null where it says none or more than one ("מזנון בשרי/חלבי": the kitchen has both).
 */
export function kindFromText(text: string): KosherKind | null {
  const kinds: KosherKind[] = [];
  if (/בשר|meat/i.test(text)) kinds.push("meat");
  if (/חלב|dairy|milk/i.test(text)) kinds.push("dairy");
  if (/פרו{1,2}ה|parve|pareve/i.test(text)) kinds.push("parve");
  return kinds.length === 1 ? (kinds[0] ?? null) : null;
}
