// Text of the two legal pages (accessibility statement and privacy policy), in English and Hebrew.
// Plain strings only: the page renders headings, paragraphs and lists itself, and shows
// "Last updated" with its own date, so no date belongs in the text.

import { brandName } from "../../lib/i18n/brand";
import type { Language } from "../../lib/i18n/language";
import { reviewPolicyPath } from "../../lib/paths";

// The site's name is read from the catalogue each time a document is made, never once when this
// module loads: in the browser the modules load before the page's messages arrive
// (entry.client.tsx), so a name read then was the key "brand.name" and the hydrated text
// differed from the server's (React error #418 on both legal pages).

export interface LegalSection {
  /** The section's anchor, for links to it from elsewhere (`#reviews`). */
  id?: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
  /** A link shown after the section's text (another page of the site). */
  link?: { label: string; to: string };
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

// ---------------------------------------------------------------------------
// Accessibility statement
// ---------------------------------------------------------------------------

function accessibilityEn(email: string): LegalDocument {
  return {
    title: "Accessibility Statement",
    intro: `${brandName("en")} is an online directory of kosher restaurants in Tel Aviv. We want everyone, including people with disabilities, to be able to use it easily and independently. This statement explains what we have done, what still needs work, and how to reach us.`,
    sections: [
      {
        heading: "Accessibility standard",
        paragraphs: [
          "The site is built to conform with the Web Content Accessibility Guidelines version 2.1 (WCAG 2.1) at level AA, and with Israeli Standard IS 5568, as required by the Equal Rights for Persons with Disabilities (Service Accessibility Adjustments) Regulations, 2013.",
          "To the best of our knowledge, the site conforms with these standards, except for the limitations described below. We keep working to improve them.",
        ],
      },
      {
        heading: "What we have done",
        paragraphs: ["The accessibility features of the site include:"],
        items: [
          "Pages are prepared on our server, so you can read all the content even if JavaScript is turned off or does not load.",
          "Everything on the site can be done with a keyboard, and the item in focus is always clearly marked.",
          "A “Skip to main content” link at the top of every page.",
          "Clear headings and page regions (such as the header, navigation, main content and footer), so screen reader users can move around quickly.",
          "Text alternatives for meaningful images and icons.",
          "Every form field has a label, so it is clear what to enter in it.",
          "The contrast between text and background colours has been checked.",
          "Hebrew pages read from right to left, and every page tells browsers and screen readers which language it is in.",
          "If you have turned on the “reduce motion” setting on your device, the site turns off non-essential animation.",
          "The layout adapts to phones, tablets and large screens, and still works when zoomed to 200%.",
          "Menus and dialog windows can be opened, used and closed with the keyboard. When a dialog closes, the focus returns to where you were.",
        ],
      },
      {
        heading: "How we check accessibility",
        paragraphs: [
          "Our automated test suite checks every page of the site with axe-core, an accessibility testing tool.",
          "We also check the site by hand, using only a keyboard and using a screen reader.",
          "Automated tools cannot find every problem, so we welcome your reports.",
        ],
      },
      {
        heading: "Compatibility",
        paragraphs: [
          "The site is designed to work with recent versions of the Chrome, Firefox, Safari and Edge browsers, on computers and on mobile devices.",
          "It is designed to work with the NVDA screen reader (Windows), VoiceOver (Mac, iPhone and iPad) and TalkBack (Android).",
          "If you use other software and run into a problem, please let us know.",
        ],
      },
      {
        heading: "Known limitations",
        paragraphs: ["Despite our efforts, some parts of the site may not be fully accessible:"],
        items: [
          "Restaurant photos, menu images and kashrut certificate images are supplied by the restaurants. Some of them may not have a detailed text description.",
          `Menus and kashrut certificates are often shown as pictures of text, which screen readers cannot read. To find out what they say, please call the restaurant, or email us at ${email} and we will help.`,
          "Links for booking, delivery, navigation apps and kashrut websites lead to sites run by others. We do not control how accessible those sites are.",
          "Restaurant information (such as opening hours, kashrut and contact details) is gathered automatically and may contain errors. If a detail is important to you, please check it with the restaurant.",
        ],
      },
      {
        heading: "Accessibility of the restaurants",
        paragraphs: [
          `${brandName("en")} is an online directory only. We have no premises open to the public and do not give service in person.`,
          "The accessibility of each restaurant (for example, step-free entry, accessible toilets or seating) is that restaurant’s responsibility. Please call the restaurant before your visit to ask about the arrangements you need.",
        ],
      },
      {
        heading: "Report an accessibility problem",
        paragraphs: [
          `If you find an accessibility problem on the site, or need information in another way, please email us at ${email}.`,
          "We aim to reply within 5 business days.",
          "To help us deal with it quickly, please include:",
        ],
        items: [
          "The address (link) of the page where you had the problem",
          "A short description of the problem",
          "The device, browser and any assistive technology you use (for example, a screen reader)",
          "The best way to contact you",
        ],
      },
      {
        heading: "Accessibility coordinator",
        paragraphs: ["You can contact our accessibility coordinator with any question or request about accessibility."],
        items: ["Role: Accessibility coordinator", `Email: ${email}`],
      },
    ],
  };
}

function accessibilityHe(email: string): LegalDocument {
  return {
    title: "הצהרת נגישות",
    intro: `${brandName("he")} הוא מדריך מקוון למסעדות כשרות בתל אביב. חשוב לנו שכל אחד ואחת, כולל אנשים עם מוגבלות, יוכלו להשתמש בו בקלות ובאופן עצמאי. בהצהרה זו מפורט מה עשינו, מה עדיין דורש שיפור ואיך אפשר לפנות אלינו.`,
    sections: [
      {
        heading: "תקן הנגישות",
        paragraphs: [
          'האתר נבנה כך שיעמוד בהנחיות הנגישות לתוכן אינטרנט WCAG 2.1 ברמה AA ובתקן הישראלי ת"י 5568, כנדרש בתקנות שוויון זכויות לאנשים עם מוגבלות (התאמות נגישות לשירות), התשע"ג-2013.',
          "למיטב ידיעתנו האתר עומד בתקנים אלה, למעט המגבלות המפורטות בהמשך. אנחנו ממשיכים לעבוד על שיפורן.",
        ],
      },
      {
        heading: "מה עשינו",
        paragraphs: ["באתר בוצעו, בין היתר, ההתאמות האלה:"],
        items: [
          "הדפים מוכנים בשרת, כך שאפשר לקרוא את כל התוכן גם כש-JavaScript כבוי או לא נטען.",
          "אפשר לבצע כל פעולה באתר באמצעות המקלדת, והרכיב שנמצא בפוקוס מסומן תמיד בבירור.",
          'בראש כל דף יש קישור "דילוג לתוכן הראשי".',
          "כותרות ואזורים ברורים בכל דף (כמו הכותרת העליונה, הניווט, התוכן הראשי והתחתית), כדי שמשתמשים בקוראי מסך יוכלו לנווט במהירות.",
          "חלופות טקסט לתמונות ולסמלים בעלי משמעות.",
          "לכל שדה בטפסים יש תווית, כך שברור מה צריך למלא בו.",
          "ניגודיות הצבעים בין הטקסט לרקע נבדקה.",
          "הדפים בעברית מוצגים מימין לשמאל, וכל דף מציין לדפדפן ולקורא המסך באיזו שפה הוא כתוב.",
          'אם הפעלתם במכשיר את ההגדרה "הפחתת תנועה", האתר מבטל אנימציות שאינן הכרחיות.',
          "התצוגה מתאימה את עצמה לטלפונים, לטאבלטים ולמסכים גדולים, וממשיכה לעבוד גם בהגדלה של 200%.",
          "אפשר לפתוח, להפעיל ולסגור תפריטים וחלונות דו-שיח באמצעות המקלדת. כשחלון נסגר, הפוקוס חוזר למקום שבו הייתם.",
        ],
      },
      {
        heading: "איך אנחנו בודקים נגישות",
        paragraphs: [
          "חבילת הבדיקות האוטומטיות שלנו בודקת כל דף באתר באמצעות axe-core, כלי לבדיקת נגישות.",
          "בנוסף, אנחנו בודקים את האתר ידנית, באמצעות מקלדת בלבד ובאמצעות קורא מסך.",
          "כלים אוטומטיים אינם מוצאים כל בעיה, ולכן נשמח לקבל מכם דיווחים.",
        ],
      },
      {
        heading: "תאימות",
        paragraphs: [
          "האתר מותאם לגרסאות עדכניות של הדפדפנים Chrome, Firefox, Safari ו-Edge, במחשב ובמכשירים ניידים.",
          "האתר מותאם לעבודה עם קוראי המסך NVDA (ב-Windows), VoiceOver (ב-Mac, ב-iPhone וב-iPad) ו-TalkBack (ב-Android).",
          "אם אתם משתמשים בתוכנה אחרת ונתקלתם בבעיה, נשמח לשמוע.",
        ],
      },
      {
        heading: "מגבלות ידועות",
        paragraphs: ["למרות מאמצינו, ייתכן שחלקים מסוימים באתר אינם נגישים במלואם:"],
        items: [
          "תמונות המסעדות, תמונות התפריטים ותמונות תעודות הכשרות מגיעות מהמסעדות עצמן. ייתכן שלחלקן אין תיאור טקסט מפורט.",
          `תפריטים ותעודות כשרות מוצגים לרוב כתמונה של טקסט, שקוראי מסך אינם יכולים להקריא. כדי לדעת מה כתוב בהם, התקשרו למסעדה או כתבו לנו לכתובת ${email} ונשמח לעזור.`,
          "קישורים להזמנת מקום, למשלוחים, לאפליקציות ניווט ולאתרי כשרות מובילים לאתרים של גופים אחרים. אין לנו שליטה על רמת הנגישות של אתרים אלה.",
          "המידע על המסעדות (כמו שעות פתיחה, כשרות ופרטי קשר) נאסף באופן אוטומטי ועלול להכיל טעויות. אם פרט מסוים חשוב לכם, מומלץ לבדוק אותו מול המסעדה.",
        ],
      },
      {
        heading: "נגישות המסעדות עצמן",
        paragraphs: [
          `${brandName("he")} הוא מדריך מקוון בלבד. אין לנו מקום פיזי שפתוח לקהל, ואיננו נותנים שירות פנים אל פנים.`,
          "הנגישות של כל מסעדה (למשל כניסה ללא מדרגות, שירותים נגישים או מקומות ישיבה נגישים) היא באחריות המסעדה. מומלץ להתקשר למסעדה לפני ההגעה ולשאול על ההתאמות שאתם צריכים.",
        ],
      },
      {
        heading: "דיווח על בעיית נגישות",
        paragraphs: [
          `אם נתקלתם בבעיית נגישות באתר, או שאתם צריכים מידע בדרך אחרת, כתבו לנו לכתובת ${email}.`,
          "אנחנו שואפים להשיב תוך 5 ימי עסקים.",
          "כדי שנוכל לטפל בפנייה במהירות, נשמח אם תצרפו:",
        ],
        items: [
          "את כתובת הדף (הקישור) שבו נתקלתם בבעיה",
          "תיאור קצר של הבעיה",
          "את סוג המכשיר, הדפדפן והטכנולוגיה המסייעת שבהם אתם משתמשים (למשל קורא מסך)",
          "את הדרך הנוחה ביותר ליצור איתכם קשר",
        ],
      },
      {
        heading: "רכז/ת נגישות",
        paragraphs: ["אפשר לפנות לרכז/ת הנגישות שלנו בכל שאלה או בקשה בנושא נגישות."],
        items: ["תפקיד: רכז/ת נגישות", `דואר אלקטרוני: ${email}`],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Privacy policy
// ---------------------------------------------------------------------------

function privacyEn(email: string): LegalDocument {
  return {
    title: "Privacy Policy",
    intro: `This policy explains what information ${brandName("en")} (“we”) collects when you use the site, why we collect it, and what choices you have. We collect as little information as we can.`,
    sections: [
      {
        heading: "Information we collect",
        paragraphs: [
          "You can browse the site without an account. We do not use advertising trackers or third-party analytics.",
          "Like most websites, our servers keep standard logs of requests. These include your IP address, your browser type (user agent), the page requested and the time. We use these logs only for security and to keep the site running, and we keep them for up to 30 days.",
          "If you create an account, we collect:",
        ],
        items: [
          "Your first and last name",
          "Your email address",
          "Your phone number",
          "Your password, stored only in hashed form, which cannot be turned back into the password. We never store the password itself.",
          "If you manage a restaurant listing: the listing details you edit, and a change history that records who changed what and when.",
        ],
      },
      {
        heading: "Cookies and local storage",
        paragraphs: [
          "We use only strictly necessary cookies. When you sign in, we set a session cookie that keeps you signed in. We do not use cookies for advertising, analytics or tracking.",
          "When you fill in a form, the site may save a draft in your browser’s local storage so that you do not lose your work. The draft stays on your device only and is not sent to us until you submit the form. You can remove it by clearing this site’s data in your browser.",
        ],
      },
      {
        heading: "What we count",
        paragraphs: [
          "To show restaurant owners how their listing is used, and to learn what diners look for, the site counts a few things itself, without cookies and without any other company:",
          "Only these numbers are stored, with their day. Nothing about who viewed, tapped or searched is stored with them: not your IP address, your browser, your account or a cookie. Requests from search engines and other bots are not counted. A restaurant's owners see their listing's numbers; our administrators see all of them.",
        ],
        items: [
          "For each restaurant page, each day: how many times it was opened.",
          "For each restaurant page, each day: how many times its phone number, navigation, booking, online ordering, Wolt and menu links were tapped. Your browser reports the tap itself when you follow the link (the link's “ping”); some browsers, such as Firefox and Brave, do not.",
          "Searches on the home page that found no restaurant: the words searched (in a standard form), counted per day as the number of different visitors who searched them. Words shorter than 3 letters, and words fewer than 2 different visitors searched in a day, are not kept.",
          "To count each visitor once, and to limit how many such searches one connection can report, the site keeps during that day only a scrambled code made from your IP address with a secret key that changes every day (a keyed hash): it cannot be turned back into your address, and the next day's code for the same address is a different one. When the day's counting is done, the codes are deleted and only the number remains.",
        ],
      },
      {
        id: "reviews",
        heading: "Reviews",
        paragraphs: [
          "If you write a review of a restaurant, everyone sees it with your account's name (the name you signed up with), never your email address or phone number. For reviews we keep:",
          "Reviews are not used for anything else: not for advertising, and not to build a profile of you. What holds a review for an administrator, and how reports and decisions work, is in our review policy.",
        ],
        items: [
          "The review itself: its stars, its text and the language it is written in, whether you ate there, the month of your visit, and when it was written, edited and published.",
          "Its earlier versions when you edit it, seen only by our administrators.",
          "Which signals held it for an administrator (for example, a new account or a link in the text) and every decision on it: what was decided, by whom, when and why. You see the reason if your review is rejected.",
          "Reports you make about reviews (the reason, your note and when), seen only by our administrators; and the reports made about your review, whose authors are never shown to you or to the restaurant.",
          "If you own a listed restaurant: your replies to its reviews, shown with the review, and each earlier text of a reply you edited.",
        ],
        link: { label: "Review Policy", to: reviewPolicyPath("en") },
      },
      {
        heading: "Why we use your information",
        paragraphs: ["We do not use your information for advertising. We use it only to:"],
        items: [
          "Create and run your account, and keep you signed in",
          "Let restaurant owners and managers edit their listings",
          "Publish the reviews you write, with your account's name, and moderate reviews, reports and owners' replies",
          "Protect the site and its users from abuse, fraud and attacks",
          "Keep restaurant information accurate, including knowing who changed a listing and when",
          "Reply to you when you contact us",
        ],
      },
      {
        heading: "Who we share it with",
        paragraphs: [
          "We do not sell your personal information, and we do not share it for advertising.",
          "We share information only in these cases:",
        ],
        items: [
          "With service providers that host the site or send our emails, under contracts that require them to protect it and use it only to provide their service to us",
          "When the law requires it, for example under a court order",
        ],
      },
      {
        heading: "Links to other sites",
        paragraphs: [
          "The site links to other services, such as booking and delivery sites, navigation apps and kashrut websites. When you follow one of these links, you leave our site.",
          "Those services have their own privacy policies, which apply when you use them. We are not responsible for how they handle your information.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "We keep your account information until your account is deleted.",
          `You can ask us to delete your account at any time by emailing ${email}. We will then delete your personal information, except for anything the law requires us to keep.`,
          "Server logs are deleted after 30 days at most.",
          "A review is kept while it is on the site, with its earlier versions, the reports and decisions on it and the owner's reply, and all of them are deleted with it: when you delete the review, when your account is deleted, or when the restaurant's listing is. The reports you made are deleted with your account. A reply stays with its review when its writer's account is deleted, no longer linked to that account; a decision keeps the administrator's email address, as our record of who decided.",
          "A file you send with a claim to manage a listing, or with a restaurant suggestion (a certificate or a business document), is seen only by our administrators and is deleted 30 days after they decide. A certificate photo that becomes part of a published listing stays with the listing.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          "Under the Israeli Privacy Protection Law, 1981, you have the right to see the personal information we hold about you, and to ask us to correct or delete it if it is wrong, incomplete, unclear or out of date.",
          "If you are in the European Union, the General Data Protection Regulation (GDPR) also gives you the right to access, correct and delete your personal information.",
          `To use any of these rights, email us at ${email}. We may ask you to confirm your identity before we act on your request.`,
          "If you are not satisfied with our answer, you can complain to the Privacy Protection Authority in Israel or, in the European Union, to your local data protection authority.",
        ],
      },
      {
        heading: "How we protect your information",
        paragraphs: ["We take reasonable steps to protect your information, including:"],
        items: [
          "All connections to the site are encrypted (HTTPS).",
          "Passwords are stored only in hashed form.",
          "Access to personal information and to editing tools is limited according to each user’s role.",
        ],
      },
      {
        heading: "Children",
        paragraphs: [
          `The site is not directed at children under 16, and we do not knowingly collect personal information from them. If you believe a child has given us personal information, please contact us at ${email} and we will delete it.`,
        ],
      },
      {
        heading: "Changes to this policy",
        paragraphs: [
          "We may update this policy from time to time. The current version will always be published on this page.",
        ],
      },
      {
        heading: "Contact us",
        paragraphs: [
          `If you have any question about this policy or about your personal information, email us at ${email}.`,
        ],
      },
    ],
  };
}

function privacyHe(email: string): LegalDocument {
  return {
    title: "מדיניות פרטיות",
    intro: `מדיניות זו מסבירה איזה מידע ${brandName("he")} ("אנחנו") אוסף כשאתם משתמשים באתר, למה אנחנו אוספים אותו ואילו אפשרויות עומדות לרשותכם. אנחנו אוספים כמה שפחות מידע.`,
    sections: [
      {
        heading: "מידע שאנחנו אוספים",
        paragraphs: [
          "אפשר לגלוש באתר בלי לפתוח חשבון. איננו משתמשים בכלי מעקב לפרסום או בשירותי ניתוח נתונים של צד שלישי.",
          "כמו ברוב האתרים, השרתים שלנו שומרים יומני גישה רגילים. היומנים כוללים את כתובת ה-IP שלכם, את סוג הדפדפן (User Agent), את הדף שהתבקש ואת השעה. אנחנו משתמשים ביומנים האלה רק לצורכי אבטחה ותפעול האתר, ושומרים אותם עד 30 יום.",
          "אם תפתחו חשבון, נאסוף:",
        ],
        items: [
          "שם פרטי ושם משפחה",
          "כתובת דואר אלקטרוני",
          "מספר טלפון",
          "סיסמה, שנשמרת רק בצורה מגובבת (hash) שאי אפשר לשחזר ממנה את הסיסמה. איננו שומרים את הסיסמה עצמה.",
          "אם אתם מנהלים דף של מסעדה: פרטי הדף שאתם עורכים, והיסטוריית שינויים שמתעדת מי שינה מה ומתי.",
        ],
      },
      {
        heading: "עוגיות (Cookies) ואחסון מקומי",
        paragraphs: [
          "אנחנו משתמשים רק בעוגיות הכרחיות. כשאתם מתחברים לחשבון, נשמרת עוגיית התחברות שמאפשרת לכם להישאר מחוברים. איננו משתמשים בעוגיות לפרסום, לניתוח נתונים או למעקב.",
          "כשאתם ממלאים טופס, האתר עשוי לשמור טיוטה באחסון המקומי (local storage) של הדפדפן, כדי שהעבודה שלכם לא תלך לאיבוד. הטיוטה נשמרת רק במכשיר שלכם ואינה נשלחת אלינו עד שתשלחו את הטופס. אפשר למחוק אותה על ידי ניקוי נתוני האתר בדפדפן.",
        ],
      },
      {
        heading: "מה אנחנו סופרים",
        paragraphs: [
          "כדי להראות לבעלי מסעדות איך משתמשים בדף שלהם, וכדי ללמוד מה סועדים מחפשים, האתר סופר בעצמו כמה דברים, בלי עוגיות ובלי אף חברה אחרת:",
          "נשמרים רק המספרים האלה, עם התאריך שלהם. שום דבר על מי שצפה, לחץ או חיפש אינו נשמר איתם: לא כתובת ה-IP שלכם, לא הדפדפן, לא החשבון ולא עוגייה. בקשות של מנועי חיפוש ובוטים אחרים אינן נספרות. בעלי המסעדה רואים את המספרים של הדף שלהם; מנהלי האתר רואים את כולם.",
        ],
        items: [
          "לכל דף מסעדה, בכל יום: כמה פעמים נפתח.",
          'לכל דף מסעדה, בכל יום: כמה פעמים לחצו על מספר הטלפון ועל הקישורים לניווט, להזמנת מקום, להזמנה אונליין, לוולט ולתפריט. הדפדפן שלכם מדווח על הלחיצה בעצמו כשאתם עוברים לקישור (ה-"ping" של הקישור); יש דפדפנים, כמו Firefox ו-Brave, שאינם מדווחים.',
          "חיפושים בדף הבית שלא מצאו אף מסעדה: המילים שחיפשו (בצורה אחידה), נספרות לפי יום כמספר המבקרים השונים שחיפשו אותן. מילים קצרות משלוש אותיות, ומילים שפחות משני מבקרים שונים חיפשו ביום, אינן נשמרות.",
          "כדי לספור כל מבקר פעם אחת, ולהגביל כמה חיפושים כאלה חיבור אחד יכול לדווח, האתר שומר במשך אותו יום רק קוד מעורבל שנוצר מכתובת ה-IP שלכם עם מפתח סודי שמתחלף כל יום (גיבוב עם מפתח): אי אפשר להפוך אותו חזרה לכתובת, ולמחרת הקוד של אותה כתובת הוא קוד אחר. כשספירת היום מסתיימת, הקודים נמחקים ונשאר רק המספר.",
        ],
      },
      {
        id: "reviews",
        heading: "ביקורות",
        paragraphs: [
          "אם תכתבו ביקורת על מסעדה, כולם יראו אותה עם השם של החשבון שלכם (השם שאיתו נרשמתם), ולעולם לא עם כתובת הדואר האלקטרוני או מספר הטלפון. לצורך הביקורות אנחנו שומרים:",
          "איננו משתמשים בביקורות לשום מטרה אחרת: לא לפרסום ולא לבניית פרופיל עליכם. מה גורם לביקורת להמתין למנהל, ואיך מטפלים בדיווחים ובהחלטות, מפורט במדיניות הביקורות שלנו.",
        ],
        items: [
          "את הביקורת עצמה: הכוכבים, הטקסט והשפה שבה הוא כתוב, האם אכלתם במקום, החודש שבו ביקרתם, ומתי הביקורת נכתבה, נערכה ופורסמה.",
          "את הגרסאות הקודמות שלה כשאתם עורכים אותה, שרק מנהלי האתר רואים.",
          "אילו סימנים עיכבו אותה לבדיקת מנהל (למשל חשבון חדש או קישור בטקסט), וכל החלטה שהתקבלה עליה: מה הוחלט, על ידי מי, מתי ולמה. אם הביקורת שלכם נדחתה, תראו את הנימוק.",
          "דיווחים שאתם מגישים על ביקורות (הסיבה, ההערה שלכם והמועד), שרק מנהלי האתר רואים; ודיווחים שהוגשו על הביקורת שלכם, שזהות המדווחים בהם אינה מוצגת לכם או למסעדה.",
          "אם אתם בעלים של מסעדה באתר: התגובות שלכם לביקורות עליה, שמוצגות עם הביקורת, וכל נוסח קודם של תגובה שערכתם.",
        ],
        link: { label: "מדיניות הביקורות", to: reviewPolicyPath("he") },
      },
      {
        heading: "למה אנחנו משתמשים במידע",
        paragraphs: ["איננו משתמשים במידע שלכם לפרסום. אנחנו משתמשים בו רק כדי:"],
        items: [
          "לפתוח ולנהל את החשבון שלכם ולאפשר לכם להישאר מחוברים",
          "לאפשר לבעלי מסעדות ולמנהלים שלהן לערוך את דפי המסעדות",
          "לפרסם את הביקורות שאתם כותבים, עם השם של החשבון שלכם, ולטפל בביקורות, בדיווחים ובתגובות של בעלי המסעדות",
          "להגן על האתר ועל המשתמשים בו מפני שימוש לרעה, הונאות ותקיפות",
          "לשמור על דיוק המידע על המסעדות, כולל תיעוד של מי שינה דף ומתי",
          "להשיב לכם כשאתם פונים אלינו",
        ],
      },
      {
        heading: "עם מי אנחנו משתפים מידע",
        paragraphs: [
          "איננו מוכרים את המידע האישי שלכם, ואיננו משתפים אותו לצורכי פרסום.",
          "אנחנו משתפים מידע רק במקרים האלה:",
        ],
        items: [
          "עם ספקי שירות שמאחסנים את האתר או שולחים עבורנו דואר אלקטרוני, לפי חוזה שמחייב אותם להגן על המידע ולהשתמש בו רק כדי לתת לנו את השירות",
          "כשהחוק מחייב זאת, למשל לפי צו של בית משפט",
        ],
      },
      {
        heading: "קישורים לאתרים אחרים",
        paragraphs: [
          "באתר יש קישורים לשירותים אחרים, כמו אתרי הזמנת מקום ומשלוחים, אפליקציות ניווט ואתרי כשרות. כשאתם עוברים באחד הקישורים האלה, אתם יוצאים מהאתר שלנו.",
          "לשירותים האלה יש מדיניות פרטיות משלהם, והיא חלה כשאתם משתמשים בהם. איננו אחראים לאופן שבו הם מטפלים במידע שלכם.",
        ],
      },
      {
        heading: "כמה זמן אנחנו שומרים מידע",
        paragraphs: [
          "אנחנו שומרים את פרטי החשבון שלכם עד שהחשבון נמחק.",
          `אפשר לבקש מאיתנו למחוק את החשבון בכל עת, בפנייה לכתובת ${email}. לאחר מכן נמחק את המידע האישי שלכם, למעט מידע שהחוק מחייב אותנו לשמור.`,
          "יומני השרת נמחקים לאחר 30 יום לכל היותר.",
          "ביקורת נשמרת כל עוד היא באתר, יחד עם הגרסאות הקודמות שלה, הדיווחים וההחלטות עליה ותגובת בעלי המסעדה, וכולם נמחקים איתה: כשאתם מוחקים את הביקורת, כשהחשבון שלכם נמחק, או כשדף המסעדה נמחק. דיווחים שהגשתם נמחקים עם החשבון שלכם. תגובה נשארת עם הביקורת גם אם החשבון של מי שכתב אותה נמחק, אבל כבר אינה מקושרת לחשבון הזה; החלטה שומרת את כתובת הדואר האלקטרוני של המנהל שקיבל אותה, כתיעוד של מי החליט.",
          "קובץ שאתם שולחים עם בקשה לנהל דף של מסעדה, או עם הצעה של מסעדה (תעודה או מסמך של העסק), נראה רק למנהלי האתר ונמחק 30 יום אחרי ההחלטה. תמונת תעודה שהופכת לחלק מדף מסעדה שפורסם נשארת עם הדף.",
        ],
      },
      {
        heading: "הזכויות שלכם",
        paragraphs: [
          'לפי חוק הגנת הפרטיות, התשמ"א-1981, אתם זכאים לעיין במידע האישי שאנחנו מחזיקים עליכם, ולבקש שנתקן או נמחק אותו אם הוא אינו נכון, אינו שלם, אינו ברור או אינו מעודכן.',
          "אם אתם נמצאים באיחוד האירופי, תקנות הגנת המידע הכלליות של האיחוד (GDPR) מעניקות לכם גם את הזכות לעיין במידע האישי שלכם, לתקן אותו ולבקש את מחיקתו.",
          `כדי לממש את הזכויות האלה, כתבו לנו לכתובת ${email}. ייתכן שנבקש לאמת את זהותכם לפני שנטפל בבקשה.`,
          "אם אינכם מרוצים מהתשובה שלנו, אפשר להגיש תלונה לרשות להגנת הפרטיות בישראל, או, באיחוד האירופי, לרשות להגנת המידע במדינה שלכם.",
        ],
      },
      {
        heading: "איך אנחנו מגנים על המידע",
        paragraphs: ["אנחנו נוקטים אמצעים סבירים כדי להגן על המידע שלכם, ובהם:"],
        items: [
          "כל החיבורים לאתר מוצפנים (HTTPS).",
          "סיסמאות נשמרות רק בצורה מגובבת (hash).",
          "הגישה למידע אישי ולכלי העריכה מוגבלת לפי התפקיד של כל משתמש.",
        ],
      },
      {
        heading: "ילדים",
        paragraphs: [
          `האתר אינו מיועד לילדים מתחת לגיל 16, ואיננו אוספים מהם מידע אישי ביודעין. אם אתם סבורים שילד או ילדה מסרו לנו מידע אישי, פנו אלינו לכתובת ${email} ונמחק אותו.`,
        ],
      },
      {
        heading: "שינויים במדיניות",
        paragraphs: ["ייתכן שנעדכן את המדיניות הזו מעת לעת. הגרסה העדכנית תפורסם תמיד בדף זה."],
      },
      {
        heading: "יצירת קשר",
        paragraphs: [`בכל שאלה על מדיניות זו או על המידע האישי שלכם, פנו אלינו בדואר אלקטרוני לכתובת ${email}.`],
      },
    ],
  };
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

export function accessibilityStatement(language: Language, contactEmail: string): LegalDocument {
  return language === "he" ? accessibilityHe(contactEmail) : accessibilityEn(contactEmail);
}

export function privacyPolicy(language: Language, contactEmail: string): LegalDocument {
  return language === "he" ? privacyHe(contactEmail) : privacyEn(contactEmail);
}
