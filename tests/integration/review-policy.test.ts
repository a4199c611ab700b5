// The published review policy and the privacy policy's reviews section, as their pages' loaders
// give them: both languages, every hold signal and report reason named in words with this
// installation's numbers, and what is kept about a reviewer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacyPolicy, type LegalDocument } from "../../app/features/legal/content";
import { holdSignalWords, reportReasonWords } from "../../app/features/legal/review-policy";
import type { AppServices } from "../../app/lib/context";
import type { Language } from "../../app/lib/i18n/language";
import { reviewPolicyPath } from "../../app/lib/paths";
import { areasOf } from "../../app/page-messages";
import { matchRoute } from "../../app/route-facts";
import { loader } from "../../app/routes/review-policy";
import { HOLD_SIGNALS, REVIEW_HIDE_WEIGHT, REVIEW_REPORT_REASONS } from "../../database/reviews";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createServices, routeArgs } from "../setup/services";

const LANGUAGES: readonly Language[] = ["en", "he"];
/** Unusual numbers, so the page is seen to state the settings and not the defaults. */
const SETTINGS = { newAccountDays: 11, burstPerPlace: 8, burstPerAccount: 4 };

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  const base = createServices(database.db);
  services = createServices(database.db, {
    settings: { ...base.settings, contactEmail: "reviews@policy.example", reviews: SETTINGS },
  });
});
afterAll(async () => {
  await database?.destroy();
});

/** The policy as its page shows it in `language`, from what the loader gives the page. */
async function policyPage(language: Language): Promise<LegalDocument> {
  return loader(routeArgs(services, reviewPolicyPath(language))).doc;
}

const sectionText = (doc: LegalDocument, id: string) => {
  const section = doc.sections.find((s) => s.id === id);
  expect(section, id).toBeDefined();
  return [section!.heading, ...section!.paragraphs, ...(section!.items ?? [])].join("\n");
};

describe("the review policy page", () => {
  it("states the configured numbers and the contact address, in both languages", async () => {
    const en = await policyPage("en");
    const he = await policyPage("he");
    expect(sectionText(en, "held")).toContain("less than 11 days ago");
    expect(sectionText(en, "held")).toContain("more than 8 reviews of the same restaurant within 24 hours");
    expect(sectionText(en, "held")).toContain("more than 4 reviews by the same account within 24 hours");
    expect(sectionText(he, "held")).toContain("פחות מ-11 ימים");
    expect(sectionText(he, "held")).toContain("יותר מ-8 ביקורות על אותה מסעדה");
    expect(sectionText(he, "held")).toContain("יותר מ-4 ביקורות מאותו חשבון");
    for (const doc of [en, he]) expect(sectionText(doc, "privacy")).toContain("reviews@policy.example");
  });

  it.each(LANGUAGES)("names every hold signal in its own words, in %s", async (language) => {
    const held = (await policyPage(language)).sections.find((s) => s.id === "held")!;
    const words = holdSignalWords(language, SETTINGS);
    expect(held.items).toEqual(HOLD_SIGNALS.map((signal) => words[signal]));
    // Each signal its own sentence: none empty, none said twice.
    expect(new Set(held.items).size).toBe(HOLD_SIGNALS.length);
    for (const item of held.items!) expect(item.length).toBeGreaterThan(30);
  });

  it.each(LANGUAGES)("names every report reason and the hiding weight, in %s", async (language) => {
    const doc = await policyPage(language);
    const reports = doc.sections.find((s) => s.id === "reports")!;
    const words = reportReasonWords(language);
    expect(reports.items).toEqual(REVIEW_REPORT_REASONS.map((reason) => words[reason]));
    expect(new Set(reports.items).size).toBe(REVIEW_REPORT_REASONS.length);
    expect(reports.paragraphs.join(" ")).toContain(String(REVIEW_HIDE_WEIGHT));
  });

  it("says that sentiment never holds a review, that kashrut is not rated and goes to the problem report", async () => {
    const en = await policyPage("en");
    const he = await policyPage("he");
    expect(sectionText(en, "held")).toMatch(/never held for what it thinks of the place/);
    expect(sectionText(he, "held")).toContain("אף פעם אינה מעוכבת בגלל הדעה שלה");
    expect(sectionText(en, "kashrut")).toMatch(/does not rate it/);
    expect(sectionText(en, "kashrut")).toMatch(/report-a-problem form/);
    expect(sectionText(he, "kashrut")).toContain("אין דירוג כשרות");
    expect(sectionText(he, "kashrut")).toContain("טופס הדיווח על בעיה");
    // And the kashrut concern among the report reasons goes to the problem-report queue too.
    expect(reportReasonWords("en").kashrut).toMatch(/problem-report queue/);
    expect(reportReasonWords("he").kashrut).toContain("לתור הדיווחים על בעיות");
  });

  it("explains the owner's reply, the second look and the limits, in both languages", async () => {
    const en = await policyPage("en");
    const he = await policyPage("he");
    expect(sectionText(en, "replies")).toMatch(/reply publicly to each published review of it, once/);
    expect(sectionText(en, "replies")).toMatch(/cannot edit, hide or delete/);
    expect(sectionText(en, "decisions")).toMatch(/second look once/);
    expect(sectionText(en, "limits")).toMatch(/one account, and one internet address/);
    expect(sectionText(he, "replies")).toContain("אינם יכולים לערוך, להסתיר או למחוק");
    expect(sectionText(he, "decisions")).toContain("בדיקה חוזרת פעם אחת");
    expect(sectionText(he, "limits")).toContain("חשבון אחד, וכתובת אינטרנט אחת");
  });

  it("says when the new-account check is off rather than 'less than 0 days'", () => {
    const off = { ...SETTINGS, newAccountDays: 0 };
    expect(holdSignalWords("en", off)["new-account"]).toMatch(/turned off/);
    expect(holdSignalWords("he", off)["new-account"]).toContain("כבויה");
    expect(holdSignalWords("he", { ...SETTINGS, newAccountDays: 2 })["new-account"]).toContain("יומיים");
  });

  it("is a public page (cached for visitors like the other legal pages) with no message area to load", () => {
    for (const language of LANGUAGES) {
      const { pattern, facts } = matchRoute(reviewPolicyPath(language));
      expect(pattern).toBe("/review-policy");
      expect(facts).toEqual({});
      expect(areasOf(reviewPolicyPath(language))).toEqual(["site"]);
    }
  });

  it("links to the privacy policy's reviews section in the page's language", async () => {
    expect((await policyPage("en")).sections.find((s) => s.id === "privacy")!.link?.to).toBe("/privacy-policy#reviews");
    expect((await policyPage("he")).sections.find((s) => s.id === "privacy")!.link?.to).toBe(
      "/he/privacy-policy#reviews",
    );
  });
});

describe("the privacy policy's reviews section", () => {
  it.each([
    ["en", ["account's name", "earlier versions", "month of your visit", "Reports you make", "made about your review"]],
    ["he", ["השם של החשבון", "הגרסאות הקודמות", "החודש שבו ביקרתם", "דיווחים שאתם מגישים", "שהוגשו על הביקורת שלכם"]],
  ] as const)("says in %s what is kept about a reviewer, and links to the review policy", (language, words) => {
    const doc = privacyPolicy(language, "reviews@policy.example");
    const text = sectionText(doc, "reviews");
    for (const word of words) expect(text).toContain(word);
    expect(text).toMatch(language === "en" ? /every decision on it: what was decided, by whom/ : /מה הוחלט, על ידי מי/);
    expect(doc.sections.find((s) => s.id === "reviews")!.link?.to).toBe(reviewPolicyPath(language));
  });

  it.each([
    ["en", "How long we keep it", /deleted with it: when you delete the review, when your account is deleted/],
    ["he", "כמה זמן אנחנו שומרים מידע", /נמחקים איתה: כשאתם מוחקים את הביקורת, כשהחשבון שלכם נמחק/],
  ] as const)("says in %s how long, and that it goes with the review or the account", (language, heading, said) => {
    const section = privacyPolicy(language, "reviews@policy.example").sections.find((s) => s.heading === heading)!;
    expect(section.paragraphs.join("\n")).toMatch(said);
  });
});
