import { heReviewsWritten } from "./reviews-written";
import type { WrittenMessages } from "../en";

// Hebrew words the server writes into pages (see en/written.ts); the type asks for exactly the English keys.
export const heWritten: WrittenMessages = {
  ...heReviewsWritten,
  // The home page's heading (search/hero-html.server.tsx).
  "home.title": "מסעדות כשרות בתל אביב",
  "home.subtitle": "מצאו איפה לאכול כשר הערב: כשרות, שעות, תפריטים והזמנות במקום אחד.",
  "home.badgeArea": "אזור תל אביב",
  "home.badgeVerified": "פרטי השגחת הכשרות",
  // The restaurant page's buttons out (page/actions-html.server.tsx).
  "restaurant.call": "התקשרו למסעדה",
  "restaurant.navigate": "ניווט עם Waze",
  "restaurant.orderOnline": "הזמנה אונליין",
  "restaurant.orderDelivery": "הזמנת משלוח",
  "restaurant.viewMenu": "לתפריט",
  "restaurant.viewMenuPdf": "לתפריט (PDF)",
  "restaurant.book": "הזמנת שולחן",
  "restaurant.newTab": "(נפתח בלשונית חדשה)",
  "restaurant.faqTitle": "שאלות ותשובות",
  "restaurant.faqKosherQ": "האם {name} כשרה?",
  "restaurant.faqKosherA":
    "כן. {name} נמצאת בהשגחת {kashrut}. ההשגחה עשויה להשתנות, לכן כדאי לבדוק את תעודת הכשרות במקום.",
  "restaurant.faqKosherUnknownA":
    "איננו יודעים. אין לנו השגחת כשרות מאושרת עבור {name}. בדקו את תעודת הכשרות במקום או התקשרו מראש.",
  "restaurant.faqKosherExpiredA":
    "איננו יכולים לאשר זאת. תוקף השגחת הכשרות של {name} פג ב-{date}. בדקו את תעודת הכשרות במקום או התקשרו מראש.",
  "restaurant.faqKosherRevokedA":
    "איננו יכולים לאשר זאת. תעודת הכשרות של {name} בוטלה לפי רשימת הרבנות של תל אביב-יפו מ־{date}. בדקו את התעודה במקום.",
  "restaurant.faqKosherPendingA":
    "{name} נמצאת בהשגחת {kashrut}, אך תוקף התעודה הסתיים ב-{date} ועוד לא ראינו את התעודה המחודשת. בדקו את התעודה במקום.",
  "restaurant.faqHoursQ": "מתי {name} פתוחה?",
  "restaurant.faqHoursA": "שעות פתיחה: {hours}. השעות עשויות להשתנות סביב שבת וחגים, לכן כדאי להתקשר מראש.",
  "restaurant.faqHoursUnknownA": "אין לנו את שעות הפתיחה של {name}. אנא התקשרו למסעדה.",
  "restaurant.faqHoursStructuredA":
    "בדף הזה מופיעות שעות הפתיחה של {name} לכל יום בשבוע, האם המקום פתוח עכשיו, וזמני השבת הקרובה. השעות עשויות להשתנות בחגים, לכן כדאי להתקשר מראש.",
  "pesach.title": "פסח {year}",
  "pesach.status.closed": "סגור בפסח",
  "pesach.status.kosher": "פתוח וכשר לפסח",
  "pesach.status.not_kosher": "פתוח, לא כשר לפסח",
  "pesach.kitniyot": "מגיש קטניות",
  "pesach.noKitniyot": "ללא קטניות",
  "pesach.mehadrin": "מהדרין",
  "pesach.validUntil": "בתוקף עד {date}",
  "pesach.cholHamoed": "חול המועד ({from} – {to})",
  // The restaurant page's practical facts (practical/page.server.ts)
  "factsPage.wheelchairPartly": "נגישות חלקית",
  "factsPage.wheelchairNo": "אין נגישות",
  // Who supervises a certificate, as a sentence (Israeli law lets only a rabbinate certificate be called
  // kosher): the restaurant page's certificate and Pesach sections, the alerts (certificate/notes.server.ts).
  "certificate.body.rabbinate_tel_aviv": "תעודת כשרות של הרבנות תל אביב-יפו",
  "certificate.body.badatz_eda_haharedit": "בהשגחת בד״ץ העדה החרדית",
  "certificate.body.badatz_beit_yosef": "בהשגחת בד״ץ בית יוסף",
  "certificate.body.badatz_landau": "בהשגחת בד״ץ לנדא",
  "certificate.body.badatz_rubin": "בהשגחת בד״ץ הרב רובין",
  "certificate.body.badatz_machzikei_hadas": "בהשגחת בד״ץ מחזיקי הדת",
  "certificate.body.tzohar": "בהשגחת צהר",
  "certificate.body.private_other": "בהשגחת כשרות פרטית",
  "certificate.body.none": "ללא השגחת כשרות",
  // The restaurant page's certificate notes (certificate/notes.server.ts)
  "restaurant.certificateSource":
    "לפי פנקס הכשרות של רבנות תל אביב-יפו שפורסם ב־{date}. רק תעודת הכשרות המקורית והתקפה המוצגת בעסק מעידה על כשרותו.",
  "restaurant.certificateRevokedNote": "המקום מופיע ברשימת התעודות שבוטלו של הרבנות. בדקו את תעודת הכשרות במקום.",
  // The pages' titles and descriptions, made by their loaders (lib/seo.server.ts), and the app's
  // description in its manifest (offline/app-pages.server.ts).
  "meta.defaultDescription":
    "מצאו מסעדה כשרה בתל אביב: כשרות, שעות פתיחה, תפריטים, הזמנת מקום ומשלוחים למקומות אוכל כשרים בתל אביב.",
  "meta.defaultTitle": "כשר תל אביב – מסעדות כשרות בתל אביב",
  "sitemap.description": "כל דפי כשר תל אביב: מסעדות באנגלית ובעברית, פוסטים בבלוג ודפי האתר.",
};
