// The published review policy (/review-policy, /he/review-policy), in English and Hebrew: who may
// write a review, what holds one for an admin and why, how reports hide one, the owner's reply,
// the second look and the limits. It names every hold signal and every report reason from
// database/reviews.ts (a record per language, so a new signal or reason does not compile until it
// is explained here), with the numbers this installation is configured with.

import {
  HOLD_SIGNALS,
  REVIEW_HIDE_WEIGHT,
  REVIEW_REPORT_REASONS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  type HoldSignal,
  type ReviewReportReason,
} from "../../../database/reviews";
import { brandName } from "../../lib/i18n/brand";
import type { Language } from "../../lib/i18n/language";
import { privacyPolicyPath } from "../../lib/paths";
import type { LegalDocument } from "./content";

/** The configured numbers the policy states (the REVIEW_* settings). */
export interface ReviewPolicyFacts {
  newAccountDays: number;
  burstPerPlace: number;
  burstPerAccount: number;
}

/**
 * Anchors of the policy's sections, so the review form, the author's page and the queue can link
 * straight to the part that explains what they show (reviewPolicyPath(language) + "#held").
 */
export const REVIEW_POLICY_SECTIONS = {
  writing: "writing",
  kashrut: "kashrut",
  held: "held",
  reports: "reports",
  replies: "replies",
  decisions: "decisions",
  limits: "limits",
  ratings: "ratings",
  privacy: "privacy",
} as const;

/** A report from an established account (verified e-mail, not new) weighs this; any other weighs 1. */
const ESTABLISHED_WEIGHT = 2;

const thousands = (n: number) => n.toLocaleString("en-US");

/** "7 days", "1 day" in English; "7 ימים", "יומיים", "יום אחד" in Hebrew. */
function days(language: Language, n: number): string {
  if (language === "en") return n === 1 ? "1 day" : `${n} days`;
  return n === 1 ? "יום אחד" : n === 2 ? "יומיים" : `${n} ימים`;
}

/** Each hold signal in plain words, with the configured numbers. */
export function holdSignalWords(language: Language, facts: ReviewPolicyFacts): Record<HoldSignal, string> {
  const age = days(language, facts.newAccountDays);
  if (language === "he")
    return {
      "new-account":
        facts.newAccountDays > 0
          ? `חשבון חדש: החשבון נפתח לפני פחות מ-${age}.`
          : "חשבון חדש: הבדיקה הזו כבויה כרגע באתר.",
      "first-review": "ביקורת ראשונה: זו הביקורת הראשונה שהחשבון כותב באתר.",
      link: "קישור: בטקסט יש כתובת של אתר אינטרנט.",
      phone: "מספר טלפון: בטקסט יש מספר טלפון, ישראלי או בינלאומי.",
      "watched-word":
        "מילה במעקב: בטקסט יש מילה או ביטוי מתוך רשימה שמנהלי האתר מעדכנים, של מונחים שנפוצים בספאם ובהטרדות. הרשימה אינה מתפרסמת, כדי שלא יהיה אפשר לעקוף אותה.",
      "burst-place": `גל של ביקורות על מקום אחד: יותר מ-${facts.burstPerPlace} ביקורות על אותה מסעדה בתוך 24 שעות, מכל הכותבים יחד.`,
      "burst-account": `גל של ביקורות מחשבון אחד: יותר מ-${facts.burstPerAccount} ביקורות מאותו חשבון בתוך 24 שעות.`,
      "repeated-text": "טקסט חוזר: אותו טקסט, או טקסט כמעט זהה, נכתב גם על מסעדה אחרת.",
      conflict:
        "ניגוד עניינים אפשרי: לכותב יש בקשה פתוחה או מאושרת לנהל את דף המסעדה. בעלי מסעדה שמקושרים לדף שלה אינם יכולים לכתוב עליה ביקורת כלל.",
      kashrut:
        "כשרות: הטקסט עוסק בכשרות, והכותב שלח אותו בכל זאת אחרי שהוצע לו טופס הדיווח על בעיה, ואישר שהביקורת עוסקת באוכל ובשירות.",
    };
  return {
    "new-account":
      facts.newAccountDays > 0
        ? `A new account: the account was opened less than ${age} ago.`
        : "A new account: this check is turned off on this site at present.",
    "first-review": "A first review: it is the first review the account writes on the site.",
    link: "A link: the text contains the address of a website.",
    phone: "A phone number: the text contains a phone number, Israeli or international.",
    "watched-word":
      "A watched word: the text contains a word or phrase from a list our administrators keep of terms common in spam and abuse. The list is not published, so that it cannot be worked around.",
    "burst-place": `Many reviews of one place: more than ${facts.burstPerPlace} reviews of the same restaurant within 24 hours, by all writers together.`,
    "burst-account": `Many reviews from one account: more than ${facts.burstPerAccount} reviews by the same account within 24 hours.`,
    "repeated-text": "Repeated text: the same text, or nearly the same, was also written about another restaurant.",
    conflict:
      "A possible conflict of interest: the writer has an open or approved request to manage the restaurant's listing. Owners linked to a listing cannot review that restaurant at all.",
    kashrut:
      "Kashrut: the text speaks of kashrut, and its writer sent it anyway after being offered the report-a-problem form, confirming that the review is about the food and the service.",
  };
}

/** Each reason a review can be reported for, in plain words. */
export function reportReasonWords(language: Language): Record<ReviewReportReason, string> {
  if (language === "he")
    return {
      spam: "ספאם, או ביקורת שלא נכתבה מתוך היכרות אישית עם המקום",
      attack: "פגיעה אישית במישהו",
      "wrong-place": "הביקורת עוסקת במקום אחר",
      conflict: "ניגוד עניינים (למשל ביקורת שכתבו הבעלים, העובדים או מתחרים)",
      kashrut: "חשש בענייני כשרות: הדיווח עובר גם לתור הדיווחים על בעיות, ושם מנהלי האתר בודקים את דף המסעדה עצמו",
      other: "סיבה אחרת, שמפרטים בהערה",
    };
  return {
    spam: "Spam, or not written from first-hand experience of the place",
    attack: "A personal attack on someone",
    "wrong-place": "The review is about another place",
    conflict: "A conflict of interest (for example, written by the owners, their staff or a competitor)",
    kashrut:
      "A kashrut concern: the report also goes to the problem-report queue, where our administrators check the listing itself",
    other: "Something else, explained in a note",
  };
}

function reviewPolicyEn(email: string, facts: ReviewPolicyFacts): LegalDocument {
  const signals = holdSignalWords("en", facts);
  const reasons = reportReasonWords("en");
  return {
    title: "Review Policy",
    intro: `On ${brandName("en")}, diners review the food and the service of the restaurants they ate at. This page explains who can write a review, what makes a review wait for an administrator before it is shown and why, how reviews are reported, how restaurant owners answer, and what you can do if we decide against your review. The same rules apply to every review, in Hebrew and in English.`,
    sections: [
      {
        id: REVIEW_POLICY_SECTIONS.writing,
        heading: "Who can write a review",
        paragraphs: [
          `Anyone signed in whose email address is verified can write one review of each restaurant: 1 to 5 stars, a text of ${REVIEW_TEXT_MIN} to ${thousands(REVIEW_TEXT_MAX)} characters in Hebrew or in English, whether they ate there, and the month of the visit. The language the review is written in is shown beside it.`,
          "You can edit your review at any time: the latest version is the one shown and counted, and we keep the earlier versions for our administrators. You can also delete it.",
          "The owners linked to a restaurant's listing cannot review that restaurant.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.kashrut,
        heading: "Kashrut is not rated",
        paragraphs: [
          "Reviews are about the food and the service. Kashrut is not a matter of opinion here: the review form does not rate it, and stars never say whether a place is kosher. Each listing shows its kashrut certificate and authority instead.",
          "When the text of a review speaks of kashrut (for example “not kosher”, “treif”, the certificate or the mashgiach), the form offers you the report-a-problem form instead. It goes to our administrators, who check the listing with the kashrut authority. If your review is about the food and the service after all, you can say so and send it: it then waits for an administrator before it is shown.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.held,
        heading: "When a review waits for an administrator",
        paragraphs: [
          "Most reviews are published as soon as they are sent. A review waits for an administrator before it is shown when one of the signals below fires, when it is written and again whenever it is edited. Waiting is not a rejection: an administrator reads the review and publishes it, or rejects it with a reason. You see where your review stands, and why, on your review's page.",
          "A review is never held for what it thinks of the place. A harsh review and a glowing one are treated alike, in every language, and no program scores how positive or negative its words are.",
          "The signals:",
        ],
        items: HOLD_SIGNALS.map((signal) => signals[signal]),
      },
      {
        id: REVIEW_POLICY_SECTIONS.reports,
        heading: "Reporting a review",
        paragraphs: [
          "Anyone signed in can report a published review, once per review, for one of these reasons:",
          `Reports are weighed: a report from an established account (a verified email address, and not a new account) counts ${ESTABLISHED_WEIGHT}, any other report counts 1. When the open reports on a review add up to ${REVIEW_HIDE_WEIGHT}, the review is hidden until an administrator decides. You cannot report your own review.`,
        ],
        items: REVIEW_REPORT_REASONS.map((reason) => reasons[reason]),
      },
      {
        id: REVIEW_POLICY_SECTIONS.replies,
        heading: "The owner's reply",
        paragraphs: [
          "The owners linked to a restaurant's listing can reply publicly to each published review of it, once; the reply is shown under the review. They can edit the reply later, and we keep every earlier text of it.",
          "Owners can report a review like anyone else, but they cannot edit, hide or delete one.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.decisions,
        heading: "Decisions and the second look",
        paragraphs: [
          "An administrator approves a review that waits or was hidden, and it is shown; or rejects it, with a reason its writer sees. Every decision is recorded with who made it, when and why, and a decision settles the reports made on the review until then.",
          "If your review was rejected, you can ask for a second look once, with a few words of your own; an administrator then decides again. If you edit a rejected or hidden review, it waits for an administrator again.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.limits,
        heading: "Limits",
        paragraphs: [
          "To keep reviews honest, there is a limit to how many reviews one account, and one internet address, can send in a given time. When you reach it, the form tells you how long to wait, and nothing is saved.",
          "A new account's browser also solves a short calculation when it sends a review, as on the form for suggesting a restaurant; it takes a moment and asks nothing of you. Without JavaScript a new account can still send a review, within a stricter limit.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.ratings,
        heading: "Ratings and order",
        paragraphs: [
          "A restaurant's page shows how many published reviews it has, their average, and how many gave each number of stars; the restaurant's card shows the average and the count. Only published reviews are shown, counted and given to search engines.",
          "Sorting by rating uses a weighted (Bayesian) average, which counts how many reviews stand behind it: three five-star reviews do not rank a place above one with a thousand reviews averaging 4.6.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.privacy,
        heading: "Your information",
        paragraphs: [
          "What we keep about reviewers, who sees it and for how long is in our privacy policy.",
          `If you have a question about this policy, or about a decision on your review, email us at ${email}.`,
        ],
        link: { label: "Privacy Policy: reviews", to: `${privacyPolicyPath("en")}#reviews` },
      },
    ],
  };
}

function reviewPolicyHe(email: string, facts: ReviewPolicyFacts): LegalDocument {
  const signals = holdSignalWords("he", facts);
  const reasons = reportReasonWords("he");
  return {
    title: "מדיניות הביקורות",
    intro: `באתר ${brandName("he")} סועדים כותבים ביקורות על האוכל ועל השירות במסעדות שאכלו בהן. בדף זה מוסבר מי יכול לכתוב ביקורת, מה גורם לביקורת להמתין למנהל לפני שהיא מוצגת ולמה, איך מדווחים על ביקורת, איך בעלי מסעדות מגיבים, ומה אפשר לעשות אם החלטנו שלא לפרסם את הביקורת שלכם. אותם כללים חלים על כל ביקורת, בעברית ובאנגלית.`,
    sections: [
      {
        id: REVIEW_POLICY_SECTIONS.writing,
        heading: "מי יכול לכתוב ביקורת",
        paragraphs: [
          `כל מי שמחובר לחשבון עם כתובת דואר אלקטרוני מאומתת יכול לכתוב ביקורת אחת על כל מסעדה: 1 עד 5 כוכבים, טקסט באורך ${REVIEW_TEXT_MIN} עד ${thousands(REVIEW_TEXT_MAX)} תווים בעברית או באנגלית, האם אכלתם במקום, והחודש שבו ביקרתם. השפה שבה הביקורת כתובה מוצגת לידה.`,
          "אפשר לערוך את הביקורת בכל עת: הגרסה האחרונה היא זו שמוצגת ונספרת, והגרסאות הקודמות נשמרות אצל מנהלי האתר. אפשר גם למחוק אותה.",
          "בעלים שמקושרים לדף של מסעדה אינם יכולים לכתוב ביקורת על אותה מסעדה.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.kashrut,
        heading: "על כשרות לא נותנים ציון",
        paragraphs: [
          "הביקורות עוסקות באוכל ובשירות. כשרות אינה עניין של דעה: בטופס הביקורת אין דירוג כשרות, והכוכבים אף פעם לא אומרים אם מקום כשר. במקום זאת, בדף של כל מסעדה מופיעות תעודת הכשרות והגוף שנותן אותה.",
          'כשהטקסט של ביקורת עוסק בכשרות (למשל "לא כשר", "טרף", התעודה או המשגיח), הטופס מציע לכם במקומה את טופס הדיווח על בעיה. הדיווח מגיע למנהלי האתר, והם בודקים את דף המסעדה מול גוף הכשרות. אם הביקורת שלכם עוסקת בכל זאת באוכל ובשירות, אפשר לאשר זאת ולשלוח אותה: היא תמתין אז למנהל לפני שתוצג.',
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.held,
        heading: "מתי ביקורת ממתינה למנהל",
        paragraphs: [
          "רוב הביקורות מתפרסמות מיד כשהן נשלחות. ביקורת ממתינה למנהל לפני שהיא מוצגת כשאחד הסימנים שבהמשך מתקיים, בכתיבה ושוב בכל עריכה. המתנה אינה דחייה: מנהל קורא את הביקורת ומפרסם אותה, או דוחה אותה ומנמק. בדף הביקורת שלכם תראו מה מצבה ולמה.",
          "ביקורת אף פעם אינה מעוכבת בגלל הדעה שלה על המקום. ביקורת חריפה וביקורת נלהבת מטופלות באותו אופן, בכל שפה, ואף תוכנה אינה מודדת עד כמה המילים חיוביות או שליליות.",
          "הסימנים:",
        ],
        items: HOLD_SIGNALS.map((signal) => signals[signal]),
      },
      {
        id: REVIEW_POLICY_SECTIONS.reports,
        heading: "דיווח על ביקורת",
        paragraphs: [
          "כל מי שמחובר לחשבון יכול לדווח על ביקורת שפורסמה, פעם אחת לכל ביקורת, מאחת הסיבות האלה:",
          `לדיווחים יש משקל: דיווח מחשבון ותיק (עם כתובת דואר אלקטרוני מאומתת, שאינו חשבון חדש) שווה ${ESTABLISHED_WEIGHT}, וכל דיווח אחר שווה 1. כשסכום הדיווחים הפתוחים על ביקורת מגיע ל-${REVIEW_HIDE_WEIGHT}, הביקורת מוסתרת עד שמנהל מחליט. אי אפשר לדווח על ביקורת שכתבתם בעצמכם.`,
        ],
        items: REVIEW_REPORT_REASONS.map((reason) => reasons[reason]),
      },
      {
        id: REVIEW_POLICY_SECTIONS.replies,
        heading: "תגובת בעלי המסעדה",
        paragraphs: [
          "בעלים שמקושרים לדף של מסעדה יכולים להגיב בפומבי, פעם אחת, על כל ביקורת שפורסמה עליה; התגובה מוצגת מתחת לביקורת. אפשר לערוך את התגובה מאוחר יותר, וכל נוסח קודם שלה נשמר.",
          "בעלי מסעדות יכולים לדווח על ביקורת כמו כל אחד אחר, אבל אינם יכולים לערוך, להסתיר או למחוק ביקורת.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.decisions,
        heading: "החלטות ובדיקה חוזרת",
        paragraphs: [
          "מנהל מאשר ביקורת שממתינה או שהוסתרה, והיא מוצגת; או דוחה אותה, עם נימוק שהכותב רואה. כל החלטה נרשמת, עם מי קיבל אותה, מתי ולמה, והחלטה סוגרת את הדיווחים שהוגשו על הביקורת עד אז.",
          "אם הביקורת שלכם נדחתה, אפשר לבקש בדיקה חוזרת פעם אחת, עם כמה מילים משלכם; מנהל יחליט אז שוב. אם תערכו ביקורת שנדחתה או שהוסתרה, היא תמתין שוב למנהל.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.limits,
        heading: "מגבלות",
        paragraphs: [
          "כדי לשמור על ביקורות הוגנות, יש מגבלה על מספר הביקורות שחשבון אחד, וכתובת אינטרנט אחת, יכולים לשלוח בפרק זמן מסוים. כשמגיעים אליה, הטופס אומר כמה זמן לחכות, ושום דבר לא נשמר.",
          "כשחשבון חדש שולח ביקורת, הדפדפן שלו גם פותר חישוב קצר, כמו בטופס ההצעה של מסעדה חדשה; זה לוקח רגע ולא דורש מכם דבר. גם בלי JavaScript חשבון חדש יכול לשלוח ביקורת, במגבלה מחמירה יותר.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.ratings,
        heading: "דירוג וסדר",
        paragraphs: [
          "בדף של מסעדה מוצגים מספר הביקורות שפורסמו עליה, הממוצע שלהן, וכמה ביקורות נתנו כל מספר כוכבים; בכרטיס של המסעדה מוצגים הממוצע והמספר. רק ביקורות שפורסמו מוצגות, נספרות ונמסרות למנועי חיפוש.",
          "המיון לפי דירוג משתמש בממוצע משוקלל (בייסיאני), שמביא בחשבון כמה ביקורות עומדות מאחוריו: שלוש ביקורות של חמישה כוכבים לא יקדימו מקום שיש לו אלף ביקורות בממוצע 4.6.",
        ],
      },
      {
        id: REVIEW_POLICY_SECTIONS.privacy,
        heading: "המידע שלכם",
        paragraphs: [
          "מה אנחנו שומרים על כותבי ביקורות, מי רואה את זה וכמה זמן זה נשמר, מפורט במדיניות הפרטיות שלנו.",
          `בכל שאלה על מדיניות זו, או על החלטה שהתקבלה על הביקורת שלכם, כתבו לנו לכתובת ${email}.`,
        ],
        link: { label: "מדיניות פרטיות: ביקורות", to: `${privacyPolicyPath("he")}#reviews` },
      },
    ],
  };
}

export function reviewPolicy(language: Language, contactEmail: string, facts: ReviewPolicyFacts): LegalDocument {
  return language === "he" ? reviewPolicyHe(contactEmail, facts) : reviewPolicyEn(contactEmail, facts);
}
