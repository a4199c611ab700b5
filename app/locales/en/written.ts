// Words the server writes into pages (ADR 012's update of 2026-11-26): the restaurant page's
// questions and answers and its Pesach section are made in the page's language by the loader
// (faq.server.ts, pesach/section.server.ts, practical/page.server.ts), so no browser loads these; the server holds them with
// every other message. Only `.server.ts` modules may use them (the message-usage test checks it).
import { enReviewsWritten } from "./reviews-written";
export const enWritten = {
  ...enReviewsWritten,
  // The home page's heading (search/hero-html.server.tsx).
  "home.title": "Kosher Restaurants in Tel Aviv",
  "home.subtitle": "Find kosher places to eat tonight: kashrut, hours, menus and booking in one place.",
  "home.badgeArea": "Tel Aviv area",
  "home.badgeVerified": "Kashrut supervision shown",
  // The restaurant page's buttons out (page/actions-html.server.tsx).
  "restaurant.call": "Call the restaurant",
  "restaurant.navigate": "Navigate with Waze",
  "restaurant.orderOnline": "Order online",
  "restaurant.orderDelivery": "Order delivery",
  "restaurant.viewMenu": "View menu",
  "restaurant.viewMenuPdf": "View menu (PDF)",
  "restaurant.book": "Book a table",
  "restaurant.newTab": "(opens in a new tab)",
  "restaurant.faqTitle": "Questions and answers",
  "restaurant.faqKosherQ": "Is {name} kosher?",
  "restaurant.faqKosherA":
    "Yes. {name} is under {kashrut} kashrut supervision. Supervision can change, so check the certificate at the restaurant.",
  "restaurant.faqKosherUnknownA":
    "We do not know. We have no confirmed kashrut supervision for {name}. Check the certificate at the restaurant or call ahead.",
  "restaurant.faqKosherExpiredA":
    "We cannot confirm it. The kashrut supervision of {name} expired on {date}. Check the certificate at the restaurant or call ahead.",
  "restaurant.faqKosherRevokedA":
    "We cannot confirm it. The kosher certificate of {name} was revoked per the Tel Aviv-Yafo Rabbinate's list of {date}. Check the certificate at the restaurant.",
  "restaurant.faqKosherPendingA":
    "{name} is under {kashrut} kashrut supervision, but its certificate ran out on {date} and we have not seen the renewed one yet. Check the certificate at the restaurant.",
  "restaurant.faqHoursQ": "When is {name} open?",
  "restaurant.faqHoursA": "Opening hours: {hours}. Hours can change around Shabbat and holidays, so call ahead.",
  "restaurant.faqHoursUnknownA": "We do not have opening hours for {name}. Please call the restaurant.",
  "restaurant.faqHoursStructuredA":
    "This page lists the hours of {name} for every day of the week, whether it is open now, and this week's Shabbat times. Hours can change on holidays, so call ahead.",
  "pesach.title": "Pesach {year}",
  "pesach.status.closed": "Closed during Pesach",
  "pesach.status.kosher": "Open and kosher for Pesach",
  "pesach.status.not_kosher": "Open, not kosher for Pesach",
  "pesach.kitniyot": "Serves kitniyot (legumes and rice)",
  "pesach.noKitniyot": "No kitniyot",
  "pesach.mehadrin": "Mehadrin",
  "pesach.validUntil": "Valid until {date}",
  "pesach.cholHamoed": "Chol HaMoed ({from} – {to})",
  // The restaurant page's practical facts (practical/page.server.ts)
  "factsPage.wheelchairPartly": "Partly wheelchair accessible",
  "factsPage.wheelchairNo": "Not wheelchair accessible",
  // Who supervises a certificate, as a sentence (Israeli law lets only a rabbinate certificate be called
  // kosher): the restaurant page's certificate and Pesach sections, the alerts (certificate/notes.server.ts).
  "certificate.body.rabbinate_tel_aviv": "Kosher certificate of the Tel Aviv-Yafo Rabbinate",
  "certificate.body.badatz_eda_haharedit": "Under the supervision of Badatz HaEdah HaCharedit",
  "certificate.body.badatz_beit_yosef": "Under the supervision of Badatz Beit Yosef",
  "certificate.body.badatz_landau": "Under the supervision of Badatz Landau",
  "certificate.body.badatz_rubin": "Under the supervision of Badatz Rav Rubin",
  "certificate.body.badatz_machzikei_hadas": "Under the supervision of Badatz Machzikei HaDas",
  "certificate.body.tzohar": "Under the supervision of Tzohar",
  "certificate.body.private_other": "Under private kashrut supervision",
  "certificate.body.none": "No kashrut supervision",
  // The restaurant page's certificate notes (certificate/notes.server.ts)
  "restaurant.certificateSource":
    "Per the Tel Aviv-Yafo Rabbinate's register published on {date}. Only the original, valid certificate displayed at the business proves its kashrut.",
  "restaurant.certificateRevokedNote":
    "The Rabbinate's list of revoked certificates names this place. Please check the certificate at the restaurant.",
  // The pages' titles and descriptions, made by their loaders (lib/seo.server.ts), and the app's
  // description in its manifest (offline/app-pages.server.ts).
  "meta.defaultDescription":
    "Find a kosher restaurant in Tel Aviv: kashrut, opening hours, menus, booking and delivery links for kosher places to eat in Tel Aviv.",
  "meta.defaultTitle": "Kosher Tel Aviv – Kosher Restaurants in Tel Aviv",
  "sitemap.description": "Every page of Kosher Tel Aviv: restaurants in English and Hebrew, blog posts and site pages.",
} as const;
