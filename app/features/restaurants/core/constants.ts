// Kashrut values and tags (spec section 3), with their labels in both languages.
import type { Language } from "../../../lib/i18n/language";

export const KASHRUT_VALUES = ["rabanut", "mehadrin", "tzohar", "unknown"] as const;
export type Kashrut = (typeof KASHRUT_VALUES)[number];

export const KASHRUT_LABELS: Record<Kashrut, Record<Language, string>> = {
  rabanut: { en: "Rabanut", he: "רבנות" },
  mehadrin: { en: "Mehadrin", he: "מהדרין" },
  tzohar: { en: "Tzohar", he: "צהר" },
  unknown: { en: "Unknown", he: "לא ידוע" },
};

export function isKashrut(value: string): value is Kashrut {
  return (KASHRUT_VALUES as readonly string[]).includes(value);
}

/** Tags are stored by their English name; each has a Hebrew pair. */
export const TAGS = {
  Meat: "בשרי",
  Dairy: "חלבי",
  Fish: "דגים",
  Italian: "איטלקי",
  Pasta: "פסטה",
  Pizza: "פיצה",
  "Middle Eastern": "מזרח תיכוני",
  Asian: "אסייתי",
  Vegetarian: "צמחוני",
  Vegan: "טבעוני",
  Bakery: "מאפייה",
  Cafe: "בית קפה",
  Takeaway: "טייק אוויי",
  "Fine Dining": "מסעדת שף",
  Steakhouse: "סטייקייה",
  Grill: "גריל",
  Special: "מיוחד",
  Bar: "בר",
  Wine: "יין",
  Cocktails: "קוקטיילים",
  Burger: "המבורגר",
  Sushi: "סושי",
  Sharing: "מנות לחלוק",
  Date: "דייט",
} as const satisfies Record<string, string>;

export type Tag = keyof typeof TAGS;
export const TAG_NAMES = Object.keys(TAGS) as Tag[];

/** One of our tags — its own key, not one inherited from Object ("toString", "__proto__"). */
export function isTag(value: string): value is Tag {
  return Object.hasOwn(TAGS, value);
}

export function tagLabel(tag: string, language: Language): string {
  if (language === "he" && isTag(tag)) return TAGS[tag];
  return tag;
}
