// The e-mails we send, in English and Hebrew in one message (we do not know which the reader prefers).
import { brandName } from "./i18n/brand";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the alerts' List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function bilingual(
  subject: string,
  en: string[],
  he: string[],
  link: string,
  button: { en: string; he: string },
): EmailContent {
  const text = [...en, link, "", "—", "", ...he, link, "", `${brandName("en")} · ${brandName("he")}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1c1917;max-width:560px;margin:auto">
<div dir="ltr" lang="en">${en.map((p) => `<p>${escape(p)}</p>`).join("")}<p><a href="${escape(link)}" style="background:#17603a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(button.en)}</a></p></div>
<hr>
<div dir="rtl" lang="he" style="text-align:right">${he.map((p) => `<p>${escape(p)}</p>`).join("")}<p><a href="${escape(link)}" style="background:#17603a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(button.he)}</a></p></div>
<p style="color:#78716c;font-size:12px">${escape(brandName("en"))} · ${escape(brandName("he"))}</p></body></html>`;
  return { subject, text, html };
}

export function passwordResetEmail(link: string): EmailContent {
  return bilingual(
    "Reset your password · איפוס סיסמה",
    [
      `Someone asked to reset the password of your ${brandName("en")} account.`,
      "If it was you, choose a new password with this link (valid for one hour). If not, ignore this e-mail.",
    ],
    [
      `התקבלה בקשה לאפס את הסיסמה של החשבון שלכם ב${brandName("he")}.`,
      "אם זו הייתה בקשה שלכם, בחרו סיסמה חדשה בקישור הזה (תקף לשעה). אם לא, אפשר להתעלם מהאימייל.",
    ],
    link,
    { en: "Choose a new password", he: "בחירת סיסמה חדשה" },
  );
}

export function verificationEmail(link: string): EmailContent {
  return bilingual(
    "Verify your e-mail · אימות כתובת האימייל",
    [`Welcome to ${brandName("en")}! Please confirm that this is your e-mail address.`],
    [`ברוכים הבאים ל${brandName("he")}! אנא אשרו שזו כתובת האימייל שלכם.`],
    link,
    { en: "Verify e-mail", he: "אימות האימייל" },
  );
}

export function existingAccountEmail(loginLink: string): EmailContent {
  return bilingual(
    "You already have an account · כבר יש לכם חשבון",
    [
      `Someone tried to sign up to ${brandName("en")} with this e-mail address, which already has an account.`,
      'If it was you, log in — or use "Forgot your password?" on the login page. If not, you can ignore this e-mail.',
    ],
    [
      `מישהו ניסה להירשם ל${brandName("he")} עם כתובת האימייל הזו, שכבר יש לה חשבון.`,
      'אם זה הייתם אתם, התחברו — או השתמשו ב"שכחתם את הסיסמה?" בדף ההתחברות. אם לא, אפשר להתעלם מהאימייל.',
    ],
    loginLink,
    { en: "Log in", he: "התחברות" },
  );
}

/** Sent once when wrong passwords for the account start slowing its sign-in down. */
export function failedSignInsEmail(resetLink: string): EmailContent {
  return bilingual(
    "Failed sign-in attempts on your account · ניסיונות התחברות כושלים לחשבון שלכם",
    [
      `Someone has tried to sign in to your ${brandName("en")} account many times with a wrong password.`,
      "Your account is not locked: you can still sign in, at worst after a short wait that the login page tells you. Wrong passwords are slowed down further.",
      "If it was you, there is nothing to do. If it was not, nobody has signed in with them — but to be safe, ask for a password reset with this link and choose a new password (that also signs out every device).",
    ],
    [
      `מישהו ניסה להתחבר לחשבון שלכם ב${brandName("he")} פעמים רבות עם סיסמה שגויה.`,
      "החשבון לא ננעל: אפשר עדיין להתחבר, לכל היותר אחרי המתנה קצרה שדף ההתחברות יציין. סיסמאות שגויות נוספות מואטות עוד יותר.",
      "אם זה הייתם אתם, אין צורך לעשות דבר. אם לא, איש לא התחבר בעזרתן — אבל ליתר ביטחון, בקשו איפוס סיסמה בקישור הזה ובחרו סיסמה חדשה (זה גם מנתק את כל המכשירים).",
    ],
    resetLink,
    { en: "Reset my password", he: "איפוס הסיסמה" },
  );
}

export interface ReportNotice {
  restaurant: { en: string; he: string };
  reason: { en: string; he: string };
  /** The visitor's note, as typed (escaped in the HTML like every paragraph). */
  note: string;
  /** How many more reports on this restaurant arrived since the last e-mail. */
  more: number;
  link: string;
}

/** To admins and linked owners: a visitor reported a problem (at most one per restaurant per hour). */
export function reportNoticeEmail({ restaurant, reason, note, more, link }: ReportNotice): EmailContent {
  const quoted = note ? [`“${note}”`] : [];
  return bilingual(
    `Problem reported: ${restaurant.en} · דיווח על בעיה: ${restaurant.he}`,
    [
      `A visitor reported a problem with ${restaurant.en}: ${reason.en}.`,
      ...quoted,
      ...(more > 0
        ? [
            more === 1
              ? "1 more report on this restaurant arrived since."
              : `${more} more reports on this restaurant arrived since.`,
          ]
        : []),
      "The reports queue has every report and what to do about it.",
    ],
    [
      `התקבל דיווח על בעיה ב${restaurant.he}: ${reason.he}.`,
      ...quoted,
      ...(more > 0
        ? [more === 1 ? "הגיע עוד דיווח אחד על המסעדה מאז." : `הגיעו עוד ${more} דיווחים על המסעדה מאז.`]
        : []),
      "בתור הדיווחים מופיעים כל הדיווחים ומה אפשר לעשות בהם.",
    ],
    link,
    { en: "Open the reports queue", he: "לתור הדיווחים" },
  );
}

/** To the visitor who left an address: what became of their report. */
export function reportReplyEmail(
  restaurant: { en: string; he: string },
  outcome: "resolved" | "dismissed",
  link: string,
): EmailContent {
  return bilingual(
    `Your report about ${restaurant.en} · הדיווח שלכם על ${restaurant.he}`,
    [
      `Thank you for telling us about a problem with ${restaurant.en}.`,
      outcome === "resolved"
        ? "We looked into it and updated the listing."
        : "We looked into it and found nothing to change in the listing for now.",
    ],
    [
      `תודה שסיפרתם לנו על בעיה ב${restaurant.he}.`,
      outcome === "resolved" ? "בדקנו ועדכנו את פרטי המסעדה." : "בדקנו ולא מצאנו כרגע מה לשנות בפרטי המסעדה.",
    ],
    link,
    { en: "See the restaurant", he: "לדף המסעדה" },
  );
}

// The kashrut certificate's reminders.
/** To a restaurant's linked owners, 14 and 3 days before their certificate's last day (once each). */
export function certificateReminderEmail({
  restaurant,
  date,
  days,
  link,
}: {
  restaurant: { en: string; he: string };
  /** The last valid day, written in each language. */
  date: { en: string; he: string };
  days: number;
  link: string;
}): EmailContent {
  return bilingual(
    `Certificate ends in ${days} days: ${restaurant.en} · תוקף התעודה מסתיים בעוד ${days} ימים: ${restaurant.he}`,
    [
      `The kashrut certificate of ${restaurant.en} is valid until ${date.en}, in ${days} days.`,
      "When it is renewed, please enter the new date in the listing, so visitors keep seeing a valid certificate.",
    ],
    [
      `תעודת הכשרות של ${restaurant.he} בתוקף עד ${date.he}, בעוד ${days} ימים.`,
      "כשהתעודה תחודש, נא להזין את התאריך החדש ברשומה, כדי שהמבקרים ימשיכו לראות תעודה בתוקף.",
    ],
    link,
    { en: "Update the listing", he: "עדכון הרשומה" },
  );
}

// The Rabbinate's register (ADR 033).
/**
 * To a restaurant's linked owners when a complete register of the Tel Aviv-Yafo Rabbinate does not
 * list their listing, which says it is under the Rabbinate: nothing changed yet; an admin will decide.
 */
export function registerMissingEmail({
  restaurant,
  date,
  link,
}: {
  restaurant: { en: string; he: string };
  /** The register's published day, written in each language. */
  date: { en: string; he: string };
  link: string;
}): EmailContent {
  return bilingual(
    `Not in the Rabbinate's register: ${restaurant.en} · לא מופיע בפנקס הכשרות של הרבנות: ${restaurant.he}`,
    [
      `The Tel Aviv-Yafo Rabbinate's register of kosher certificates published on ${date.en} does not list ${restaurant.en}, whose listing here says it is under the Rabbinate's supervision.`,
      "Nothing on the listing has changed. If the certificate is still valid, please make sure the listing shows its current date; an administrator will look at it soon.",
    ],
    [
      `פנקס תעודות הכשרות של רבנות תל אביב-יפו שפורסם ב־${date.he} אינו כולל את ${restaurant.he}, שלפי הרשומה שלו באתר נמצא בהשגחת הרבנות.`,
      "דבר ברשומה לא השתנה. אם התעודה עדיין בתוקף, נא לוודא שהרשומה מציגה את תאריך התוקף הנוכחי; מנהל באתר יבדוק את העניין בקרוב.",
    ],
    link,
    { en: "Check the listing", he: "בדיקת הרשומה" },
  );
}

// Claims — the claimant's answer, in the claim's language only (they chose it).
export interface ClaimDecision {
  language: "en" | "he";
  outcome: "approved" | "rejected";
  /** The listing's name in the claim's language. */
  restaurant: string;
  /** The admin's reason (a rejection). */
  reason: string;
  /** Approved: the dashboard; rejected: the claim page. */
  link: string;
}

/** To the account that claimed a listing: approved (it now manages it) or rejected (with the reason). */
export function claimDecisionEmail({ language, outcome, restaurant, reason, link }: ClaimDecision): EmailContent {
  const brand = brandName(language);
  if (language === "he") {
    return outcome === "approved"
      ? inLanguage(
          "he",
          `הבקשה לנהל את ${restaurant} אושרה`,
          [
            `אישרנו את הבקשה שלכם: החשבון שלכם ב${brand} מנהל עכשיו את הדף של ${restaurant}.`,
            "בלוח הבקרה אפשר לעדכן את הפרטים, השעות והתפריט.",
          ],
          link,
          "ללוח הבקרה",
        )
      : inLanguage(
          "he",
          `הבקשה לנהל את ${restaurant} נדחתה`,
          [
            `לא יכולנו לאשר את הבקשה שלכם לנהל את הדף של ${restaurant}.`,
            `הסיבה: ${reason}`,
            "אפשר לשלוח בקשה חדשה עם הוכחה אחרת.",
          ],
          link,
          "לדף הבקשה",
        );
  }
  return outcome === "approved"
    ? inLanguage(
        "en",
        `Your claim on ${restaurant} was approved`,
        [
          `We approved your claim: your ${brand} account now manages the listing of ${restaurant}.`,
          "In the dashboard you can update its details, hours and menu.",
        ],
        link,
        "Open the dashboard",
      )
    : inLanguage(
        "en",
        `Your claim on ${restaurant} was not approved`,
        [
          `We could not approve your claim on the listing of ${restaurant}.`,
          `The reason: ${reason}`,
          "You may send a new claim with another proof.",
        ],
        link,
        "Open the claim page",
      );
}

/** An admin's decision on a diner's review that waited (held, reported, or asked a second look at). */
export interface ReviewDecisionNotice {
  /** The review's language (the author wrote in it). */
  language: "en" | "he";
  outcome: "published" | "rejected";
  /** The listing's name in that language. */
  restaurant: string;
  /** The admin's reason (a rejection). */
  reason: string;
  /** The author's review page (the rejection, and the second look, are there). */
  link: string;
}

export function reviewDecisionEmail({
  language,
  outcome,
  restaurant,
  reason,
  link,
}: ReviewDecisionNotice): EmailContent {
  if (language === "he") {
    return outcome === "published"
      ? inLanguage(
          "he",
          `הביקורת שלך על ${restaurant} פורסמה`,
          [`מנהל בדק את הביקורת שלך על ${restaurant}, והיא מוצגת עכשיו בדף המקום.`],
          link,
          "לביקורת שלך",
        )
      : inLanguage(
          "he",
          `הביקורת שלך על ${restaurant} לא פורסמה`,
          [
            `מנהל בדק את הביקורת שלך על ${restaurant} והחליט לא לפרסם אותה.`,
            `הנימוק: ${reason}`,
            "אפשר לערוך את הביקורת, או לבקש עיון נוסף פעם אחת, בעמוד הביקורת שלך.",
          ],
          link,
          "לביקורת שלך",
        );
  }
  return outcome === "published"
    ? inLanguage(
        "en",
        `Your review of ${restaurant} is published`,
        [`An admin looked at your review of ${restaurant}, and it now shows on the place's page.`],
        link,
        "See your review",
      )
    : inLanguage(
        "en",
        `Your review of ${restaurant} was not published`,
        [
          `An admin looked at your review of ${restaurant} and decided not to publish it.`,
          `The reason: ${reason}`,
          "You may edit the review, or ask once for a second look, on your review's page.",
        ],
        link,
        "See your review",
      );
}

/** One language only: to a visitor whose language we know (they wrote in it). */
function inLanguage(
  language: "en" | "he",
  subject: string,
  paragraphs: string[],
  link: string,
  button: string,
): EmailContent {
  const brand = brandName(language);
  const text = [...paragraphs, link, "", brand].join("\n");
  const direction = language === "he" ? ' dir="rtl" style="text-align:right"' : ' dir="ltr"';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1c1917;max-width:560px;margin:auto">
<div${direction} lang="${language}">${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("")}<p><a href="${escape(link)}" style="background:#17603a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(button)}</a></p>
<p style="color:#78716c;font-size:12px">${escape(brand)}</p></div></body></html>`;
  return { subject, text, html };
}

/** What became of a restaurant suggestion: to the visitor who left an address, in the language they wrote in. */
export interface SuggestionOutcome {
  language: "en" | "he";
  /** The name they suggested, in their language when they gave it. */
  name: string;
  outcome: "approved" | "merged" | "rejected";
  /** The rejection's reason. */
  reason?: string;
  /** The listing (approved, merged) or the site's home (rejected). */
  link: string;
}

export function suggestionOutcomeEmail({
  language,
  name,
  outcome,
  reason = "",
  link,
}: SuggestionOutcome): EmailContent {
  const brand = brandName(language);
  if (language === "he") {
    const subject = `ההצעה שלכם: ${name} · ${brand}`;
    if (outcome === "approved")
      return inLanguage(
        "he",
        subject,
        [`תודה שהצעתם את ${name}.`, "בדקנו והוספנו את המסעדה לאתר."],
        link,
        "לדף המסעדה",
      );
    if (outcome === "merged")
      return inLanguage("he", subject, [`תודה שהצעתם את ${name}.`, "המסעדה כבר מופיעה באתר."], link, "לדף המסעדה");
    return inLanguage(
      "he",
      subject,
      [`תודה שהצעתם את ${name}.`, "בדקנו ולא נוסיף אותה כרגע, מהסיבה הזו:", reason],
      link,
      "לאתר",
    );
  }
  const subject = `Your suggestion: ${name} · ${brand}`;
  if (outcome === "approved")
    return inLanguage(
      "en",
      subject,
      [`Thank you for suggesting ${name}.`, "We checked it and added it to the site."],
      link,
      "See the restaurant",
    );
  if (outcome === "merged")
    return inLanguage(
      "en",
      subject,
      [`Thank you for suggesting ${name}.`, "It is already listed on the site."],
      link,
      "See the restaurant",
    );
  return inLanguage(
    "en",
    subject,
    [`Thank you for suggesting ${name}.`, "We looked into it and will not add it for now, for this reason:", reason],
    link,
    "Visit the site",
  );
}

/** One changed line of a saved place in an alert digest: what changed, and from what to what (values already in the digest's language). */
export interface DigestLine {
  what: string;
  from?: string;
  to?: string;
}

/** An alert digest: to a diner, in the language they chose, about the saved places that changed. */
export interface AlertDigest {
  language: "en" | "he";
  places: { name: string; link: string; lines: DigestLine[] }[];
  /** The alert settings page, in the digest's language. */
  settingsLink: string;
  /** The one-click unsubscribe page (a signed token, no sign-in). */
  unsubscribeLink: string;
}

const DIGEST_WORDS = {
  en: {
    subject: (count: number) =>
      count === 1 ? "A place you saved has changed" : `${count} places you saved have changed`,
    intro: "Since our last e-mail, these places you saved have changed:",
    why: "You get this e-mail because you turned on alerts for your saved places: at most one a day, only when something changed.",
    settings: "Alert settings",
    unsubscribe: "Unsubscribe",
  },
  he: {
    subject: (count: number) => (count === 1 ? "מקום ששמרתם השתנה" : `${count} מקומות ששמרתם השתנו`),
    intro: "מאז האימייל הקודם שלנו, המקומות האלה ששמרתם השתנו:",
    why: "קיבלתם את האימייל הזה כי הפעלתם התראות על המקומות השמורים שלכם: לכל היותר אחד ביום, ורק כשמשהו השתנה.",
    settings: "הגדרות ההתראות",
    unsubscribe: "ביטול ההרשמה",
  },
} as const;

/**
 * The daily digest of changes to a diner's saved places, in one language (theirs), with the
 * one-click unsubscribe headers (RFC 8058) beside the links in the message. Names and values are
 * isolated (<bdi>) in the HTML: a Hebrew name in an English line, or the other way, stays whole.
 */
export function alertDigestEmail({ language, places, settingsLink, unsubscribeLink }: AlertDigest): EmailContent {
  const words = DIGEST_WORDS[language];
  const brand = brandName(language);
  // The arrow points from the old value to the new one in the line's direction.
  const arrow = language === "he" ? "←" : "→";
  const lineText = ({ what, from, to }: DigestLine) =>
    from !== undefined && to !== undefined ? `${what}: ${from} ${arrow} ${to}` : what;
  const lineHtml = ({ what, from, to }: DigestLine) =>
    from !== undefined && to !== undefined
      ? `${escape(what)}: <bdi>${escape(from)}</bdi> ${arrow} <bdi>${escape(to)}</bdi>`
      : escape(what);
  const text = [
    words.intro,
    "",
    ...places.flatMap((place) => [place.name, ...place.lines.map((line) => `- ${lineText(line)}`), place.link, ""]),
    words.why,
    `${words.settings}: ${settingsLink}`,
    `${words.unsubscribe}: ${unsubscribeLink}`,
    "",
    brand,
  ].join("\n");
  const direction = language === "he" ? ' dir="rtl" style="text-align:right"' : ' dir="ltr"';
  const link = 'style="color:#17603a"';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1c1917;max-width:560px;margin:auto">
<div${direction} lang="${language}"><p>${escape(words.intro)}</p>
${places
  .map(
    (place) =>
      `<h2 style="font-size:18px;margin:20px 0 4px"><a href="${escape(place.link)}" ${link}><bdi>${escape(place.name)}</bdi></a></h2><ul style="margin:0;padding-inline-start:20px">${place.lines
        .map((line) => `<li>${lineHtml(line)}</li>`)
        .join("")}</ul>`,
  )
  .join("\n")}
<p style="color:#57534e;font-size:13px;margin-top:24px">${escape(words.why)}</p>
<p style="font-size:13px"><a href="${escape(settingsLink)}" ${link}>${escape(words.settings)}</a> · <a href="${escape(unsubscribeLink)}" ${link}>${escape(words.unsubscribe)}</a></p>
<p style="color:#78716c;font-size:12px">${escape(brand)}</p></div></body></html>`;
  return {
    subject: `${words.subject(places.length)} · ${brand}`,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
