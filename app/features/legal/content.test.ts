import { describe, expect, it, vi } from "vitest";
import type { Language } from "../../lib/i18n/language";
import { enSite } from "../../locales/en/site";
import { heSite } from "../../locales/he/site";
import { accessibilityStatement, privacyPolicy, type LegalDocument } from "./content";
import { reviewPolicy } from "./review-policy";

const EMAIL = "legal-test@example.org";
const LANGUAGES: readonly Language[] = ["en", "he"];
const HEBREW_LETTER = /[\u05D0-\u05EA]/;

const DOCUMENTS = [
  ["accessibility statement", accessibilityStatement],
  ["privacy policy", privacyPolicy],
  [
    "review policy",
    (language: Language, email: string) =>
      reviewPolicy(language, email, { newAccountDays: 7, burstPerPlace: 5, burstPerAccount: 3 }),
  ],
] as const;

/** Every string of a document, in reading order. */
function allStrings(doc: LegalDocument): string[] {
  return [doc.title, doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])];
}

function fullText(doc: LegalDocument): string {
  return allStrings(doc).join("\n");
}

describe.each(DOCUMENTS)("%s", (_name, build) => {
  it("exists in both languages with the same number of sections", () => {
    const en = build("en", EMAIL);
    const he = build("he", EMAIL);
    expect(en.sections.length).toBeGreaterThan(0);
    expect(he.sections.length).toBe(en.sections.length);
    for (let i = 0; i < en.sections.length; i++) {
      expect(Boolean(he.sections[i]!.items), `section ${i} has a list in one language only`).toBe(
        Boolean(en.sections[i]!.items),
      );
      // An anchor is the same in both languages, so a link to it works from either.
      expect(he.sections[i]!.id, `section ${i}'s anchor`).toBe(en.sections[i]!.id);
      expect(Boolean(he.sections[i]!.link), `section ${i} has a link in one language only`).toBe(
        Boolean(en.sections[i]!.link),
      );
    }
  });

  it.each(LANGUAGES)("mentions the contact e-mail in %s", (language) => {
    expect(fullText(build(language, EMAIL))).toContain(EMAIL);
  });

  it.each(LANGUAGES)("has no empty strings or lists in %s", (language) => {
    const doc = build(language, EMAIL);
    for (const text of allStrings(doc)) expect(text.trim()).not.toBe("");
    for (const section of doc.sections) {
      expect(section.paragraphs.length + (section.items?.length ?? 0)).toBeGreaterThan(0);
      if (section.items) expect(section.items.length).toBeGreaterThan(0);
    }
  });

  it.each(LANGUAGES)("is plain text without HTML or markdown in %s", (language) => {
    for (const text of allStrings(build(language, EMAIL))) {
      expect(text).not.toMatch(/<[a-z/!]/i);
      expect(text).not.toMatch(/\*\*|__|\[[^\]]*\]\(/);
    }
  });

  it("has Hebrew letters in the Hebrew title and every Hebrew heading", () => {
    const he = build("he", EMAIL);
    expect(he.title).toMatch(HEBREW_LETTER);
    for (const section of he.sections) expect(section.heading).toMatch(HEBREW_LETTER);
  });

  it("writes the English version in English", () => {
    const en = build("en", EMAIL);
    expect(fullText(en)).not.toMatch(HEBREW_LETTER);
  });
});

describe("accessibility statement", () => {
  it.each(LANGUAGES)("cites WCAG 2.1 level AA and IS 5568 in %s", (language) => {
    const text = fullText(accessibilityStatement(language, EMAIL));
    expect(text).toContain("WCAG 2.1");
    expect(text).toContain("AA");
    expect(text).toContain("5568");
  });

  it("names the accessibility coordinator in both languages", () => {
    expect(fullText(accessibilityStatement("en", EMAIL))).toContain("Accessibility coordinator");
    expect(fullText(accessibilityStatement("he", EMAIL))).toContain("רכז/ת נגישות");
  });
});

describe("privacy policy", () => {
  it("names the Israeli Privacy Protection Law and the GDPR", () => {
    expect(fullText(privacyPolicy("en", EMAIL))).toContain("Privacy Protection Law, 1981");
    expect(fullText(privacyPolicy("en", EMAIL))).toContain("GDPR");
    expect(fullText(privacyPolicy("he", EMAIL))).toContain("חוק הגנת הפרטיות");
    expect(fullText(privacyPolicy("he", EMAIL))).toContain("GDPR");
  });
});

it("names the site in the language's words when the messages arrive after the module loaded, as in the browser", async () => {
  // The browser loads this module first and the page's messages later (entry.client.tsx); a name
  // read at load time stayed "brand.name" and the hydrated page differed from the server's.
  vi.resetModules();
  const messages = await import("../../lib/i18n/messages");
  const content = await import("./content");
  messages.addMessages("en", enSite);
  messages.addMessages("he", heSite);
  const reviews = await import("./review-policy");
  const reviewPolicyOf = (language: Language, email: string) =>
    reviews.reviewPolicy(language, email, { newAccountDays: 7, burstPerPlace: 5, burstPerAccount: 3 });
  for (const build of [content.accessibilityStatement, content.privacyPolicy, reviewPolicyOf]) {
    expect(build("en", EMAIL).intro).toContain(enSite["brand.name"]);
    expect(build("he", EMAIL).intro).toContain(heSite["brand.name"]);
    expect(fullText(build("en", EMAIL)) + fullText(build("he", EMAIL))).not.toContain("brand.name");
  }
});

// The privacy policy says exactly what the site counts, in both languages.
describe("privacy policy on statistics", () => {
  it.each([
    [
      "en",
      "What we count",
      [
        "opened",
        "phone number",
        "Wolt",
        "menu",
        "found no restaurant",
        "3 letters",
        "IP address",
        "2 different visitors",
        "keyed hash",
        "changes every day",
        "codes are deleted",
      ],
    ],
    [
      "he",
      "מה אנחנו סופרים",
      [
        "נפתח",
        "הטלפון",
        "לוולט",
        "לתפריט",
        "לא מצאו",
        "משלוש אותיות",
        "IP",
        "משני מבקרים שונים",
        "גיבוב עם מפתח",
        "מתחלף כל יום",
        "הקודים נמחקים",
      ],
    ],
  ] as const)("in %s names every count and what is never kept", (language, heading, words) => {
    const section = privacyPolicy(language, EMAIL).sections.find((s) => s.heading === heading);
    expect(section).toBeDefined();
    const text = [...section!.paragraphs, ...(section!.items ?? [])].join(" ");
    for (const word of words) expect(text).toContain(word);
  });
});
