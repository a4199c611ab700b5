import { beforeAll, describe, expect, it, vi } from "vitest";
import { en, type MessageKey } from "../locales/en";
import type * as Emails from "./emails";

// The server's bundle evaluates this module before the catalogues are added (the unit setup adds
// them first, which hid it), so the e-mails are made from a fresh copy of the modules here: its
// translator holds no message at all, as the real server's did when emails.ts was first read.
let emails: typeof Emails;
let catalogueEmpty = false;
beforeAll(async () => {
  vi.resetModules();
  const messages = await import("./i18n/messages");
  catalogueEmpty = messages.translator("en")("nav.home") === "nav.home";
  emails = await import("./emails");
});

const NAMES = ["Kosher Tel Aviv", "כשר תל אביב"];
const keys = new Set<string>(Object.keys(en));
const rawKeys = (text: string) =>
  [...text.matchAll(/\b[a-z]+\.[a-zA-Z.]+\b/g)].map(([word]) => word).filter((word) => keys.has(word));

function everyEmail(): [string, Emails.EmailContent][] {
  const restaurant = { en: "Falafel Place", he: "מקום הפלאפל" };
  const notice = {
    restaurant,
    reason: { en: "Closed", he: "סגור" },
    note: "The door was locked",
    link: "https://example.com/en/dashboard/reports",
  };
  return [
    ["verification", emails.verificationEmail("https://example.com/en/verify-email?token=t")],
    ["password reset", emails.passwordResetEmail("https://example.com/en/reset-password?token=t")],
    ["existing account", emails.existingAccountEmail("https://example.com/en/login")],
    ["failed sign-ins (password alert)", emails.failedSignInsEmail("https://example.com/en/forgot-password")],
    ["report notice", emails.reportNoticeEmail({ ...notice, more: 0 })],
    ["report notice, more", emails.reportNoticeEmail({ ...notice, more: 3 })],
    [
      "report reply, resolved",
      emails.reportReplyEmail(restaurant, "resolved", "https://example.com/en/restaurant/falafel-place"),
    ],
    [
      "report reply, dismissed",
      emails.reportReplyEmail(restaurant, "dismissed", "https://example.com/en/restaurant/falafel-place"),
    ],
    [
      "certificate reminder",
      emails.certificateReminderEmail({
        restaurant,
        date: { en: "April 19, 2027", he: "19 באפריל 2027" },
        days: 14,
        link: "https://example.com/dashboard/edit/1",
      }),
    ],
    [
      "not in the register",
      emails.registerMissingEmail({
        restaurant,
        date: { en: "April 10, 2027", he: "10 באפריל 2027" },
        link: "https://example.com/en/dashboard/edit/1",
      }),
    ],
  ];
}

describe("e-mails, made as the server makes them", () => {
  it("are made here with no catalogue loaded (else this test would prove nothing)", () => {
    expect(catalogueEmpty).toBe(true);
  });

  it("cover every e-mail emails.ts exports", () => {
    const made = Object.entries(emails)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name);
    expect(made.sort()).toEqual(
      [
        "existingAccountEmail",
        "failedSignInsEmail",
        "passwordResetEmail",
        "reportNoticeEmail",
        "reportReplyEmail",
        "verificationEmail",
        "suggestionOutcomeEmail",
        "certificateReminderEmail",
        "claimDecisionEmail",
        "reviewDecisionEmail",
        "alertDigestEmail",
        "registerMissingEmail",
      ].sort(),
    );
  });

  it("name the site in English and Hebrew, in the text and the HTML, and show no message key", () => {
    for (const [name, mail] of everyEmail()) {
      for (const part of ["text", "html"] as const) {
        for (const brand of NAMES) expect(mail[part], `${name}: ${part}`).toContain(brand);
      }
      for (const part of ["subject", "text", "html"] as const) {
        expect(rawKeys(mail[part]), `${name}: ${part}`).toEqual([]);
      }
    }
  });

  // The answer to a claim is in the language the account claimed in.
  it("tell a claimant the decision in the claim's language only, with the site's name and a rejection's reason", () => {
    for (const language of ["en", "he"] as const) {
      for (const outcome of ["approved", "rejected"] as const) {
        const mail = emails.claimDecisionEmail({
          language,
          outcome,
          restaurant: "Gina <b>",
          reason: "No <i>proof</i>",
          link: "https://example.com/he",
        });
        const label = `${language} ${outcome}`;
        for (const part of ["text", "html"] as const)
          expect(mail[part], label).toContain(NAMES[language === "en" ? 0 : 1]);
        for (const part of ["subject", "text", "html"] as const) {
          expect(rawKeys(mail[part]), `${label}: ${part}`).toEqual([]);
          expect(mail[part], `${label}: ${part} in one language`).not.toContain(NAMES[language === "en" ? 1 : 0]);
        }
        expect(mail.html, label).not.toContain("<b>");
        if (outcome === "rejected") expect(mail.text, label).toContain("No <i>proof</i>");
      }
    }
  });

  // An admin's decision on a review is told in the language the review is written in.
  it("tell a review's author the decision in the review's language only, with the site's name and a rejection's reason", () => {
    for (const language of ["en", "he"] as const) {
      for (const outcome of ["published", "rejected"] as const) {
        const mail = emails.reviewDecisionEmail({
          language,
          outcome,
          restaurant: "Gina <b>",
          reason: "A <i>link</i> to a shop",
          link: "https://example.com/en/restaurant/gina/review",
        });
        const label = `${language} ${outcome}`;
        for (const part of ["text", "html"] as const)
          expect(mail[part], label).toContain(NAMES[language === "en" ? 0 : 1]);
        for (const part of ["subject", "text", "html"] as const) {
          expect(rawKeys(mail[part]), `${label}: ${part}`).toEqual([]);
          expect(mail[part], `${label}: ${part} in one language`).not.toContain(NAMES[language === "en" ? 1 : 0]);
        }
        expect(mail.html, label).not.toContain("<b>");
        expect(mail.text, label).toContain("https://example.com/en/restaurant/gina/review");
        if (outcome === "rejected") expect(mail.text, label).toContain("A <i>link</i> to a shop");
        else expect(mail.text, label).not.toContain("A <i>link</i> to a shop");
      }
    }
  });

  // The answer to a suggestion is in the language the visitor wrote in (we know it).
  it("tell a suggester what became of their suggestion in their language only, with the site's name and the reason", () => {
    const outcomes = ["approved", "merged", "rejected"] as const;
    for (const language of ["en", "he"] as const) {
      for (const outcome of outcomes) {
        const mail = emails.suggestionOutcomeEmail({
          language,
          name: "Gina <b>",
          outcome,
          reason: "No <i>certificate</i>",
          link: "https://example.com/he",
        });
        const label = `${language} ${outcome}`;
        for (const part of ["text", "html"] as const)
          expect(mail[part], label).toContain(NAMES[language === "en" ? 0 : 1]);
        for (const part of ["subject", "text", "html"] as const) {
          expect(rawKeys(mail[part]), `${label}: ${part}`).toEqual([]);
          expect(mail[part], `${label}: ${part} in one language`).not.toContain(NAMES[language === "en" ? 1 : 0]);
        }
        expect(mail.html, label).not.toContain("<b>");
        expect(mail.text.includes("No <i>certificate</i>"), label).toBe(outcome === "rejected");
        expect(mail.html.includes('dir="rtl"'), label).toBe(language === "he");
      }
    }
  });

  // The saved places' digest is in the language the diner chose, names isolated, with one-click unsubscribe.
  it("write an alert digest in the chosen language only, names isolated, with the unsubscribe link and headers", () => {
    for (const language of ["en", "he"] as const) {
      const unsubscribeLink = `https://example.com${language === "he" ? "/he" : ""}/account/alerts/unsubscribe?token=abc.def`;
      const mail = emails.alertDigestEmail({
        language,
        places: [
          {
            name: "Gina <b>",
            link: "https://example.com/en/restaurant/gina",
            lines: [{ what: "Kashrut", from: "Rabanut", to: "Tzohar" }, { what: "Closed" }],
          },
          { name: "מקום הפלאפל", link: "https://example.com/en/restaurant/falafel", lines: [{ what: "Open again" }] },
        ],
        settingsLink: "https://example.com/account/alerts",
        unsubscribeLink,
      });
      const label = language;
      for (const part of ["text", "html"] as const)
        expect(mail[part], label).toContain(NAMES[language === "en" ? 0 : 1]);
      for (const part of ["subject", "text", "html"] as const) {
        expect(rawKeys(mail[part]), `${label}: ${part}`).toEqual([]);
        expect(mail[part], `${label}: ${part} in one language`).not.toContain(NAMES[language === "en" ? 1 : 0]);
      }
      expect(mail.subject, label).toContain(
        language === "en" ? "2 places you saved have changed" : "2 מקומות ששמרתם השתנו",
      );
      expect(mail.html, label).not.toContain("<b>");
      expect(mail.html, label).toContain("<bdi>Gina &lt;b&gt;</bdi>");
      expect(mail.html, label).toContain("<bdi>מקום הפלאפל</bdi>");
      expect(mail.html, label).toContain(`<bdi>Rabanut</bdi> ${language === "he" ? "←" : "→"} <bdi>Tzohar</bdi>`);
      expect(mail.text, label).toContain(`Kashrut: Rabanut ${language === "he" ? "←" : "→"} Tzohar`);
      expect(mail.html.includes('dir="rtl"'), label).toBe(language === "he");
      expect(mail.text, label).toContain(unsubscribeLink);
      expect(mail.headers, label).toEqual({
        "List-Unsubscribe": `<${unsubscribeLink}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
  });

  it("sees a raw message key when there is one", () => {
    expect(rawKeys("Welcome to brand.name! · see example.com")).toEqual(["brand.name" satisfies MessageKey]);
  });
});
