// Demo data for a new database: about 40 clearly fictional Tel Aviv restaurants (a few with a past
// their page's History section tells, a few with diners' reviews: demo-reviews.ts), the spec's two
// sample blog posts, and a demo admin, owner and diners. Photos and menus are generated here,
// never downloaded. Refused in production.
import { eq, inArray } from "drizzle-orm";
import { buildRestaurant, createUser, insertRestaurants } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import {
  restaurantChanges,
  restaurantOwners,
  restaurants,
  type NewRestaurantRow,
  type RestaurantRow,
  type StoredMenuImage,
} from "../../database/schema/restaurants";
import { listingStats, searchMisses } from "../../database/schema/statistics";
import { uploads } from "../../database/schema/uploads";
import type { Db } from "../../database/types";
import type { WeeklyHours } from "../../database/hours";
import type { CertificateBody, CertificateLevel, PesachPlans } from "../../database/lifecycle";
import type { KosherKind } from "../../database/register";
import type { Auth } from "../../app/lib/auth.server";
import { SAMPLE_POSTS } from "../../app/features/blog/samples";
import { KASHRUT_VALUES, TAG_NAMES, type Kashrut, type Tag } from "../../app/features/restaurants/core/constants";
import { impliedCertificate } from "../../app/features/restaurants/core/kashrut-model";
import { addDays, telAvivDay } from "../../app/lib/dates";
import {
  restaurantToFormValues,
  rowToRestaurant,
  searchTextOfRow,
  slugFromName,
} from "../../app/features/restaurants/core/mapping";
import {
  setPermanentlyClosed,
  setVerificationDate,
  updateRestaurant,
} from "../../app/features/restaurants/editing/manage.server";
import type { Actor } from "../../app/features/restaurants/editing/changes.server";
import { roundCoordinate, TEL_AVIV } from "../../app/features/restaurants/core/location";
import { namedFiles } from "../../app/features/restaurants/editing/uploads.server";
import type { Storage } from "../uploads/storage";
import { processUpload, storeImage } from "../uploads/processing";
import { encodeDemoPicture } from "./demo-pictures";
import { DEMO_DINERS, loadDemoReviews } from "./demo-reviews";

export const DEMO_ACCOUNTS = {
  admin: {
    email: "demo-admin@kosher-tel-aviv.test",
    password: "demo-admin-2026",
    firstName: "Dana",
    lastName: "Admin",
  },
  owner: {
    email: "demo-owner@kosher-tel-aviv.test",
    password: "demo-owner-2026",
    firstName: "Omer",
    lastName: "Owner",
  },
} as const;

/** [English name, Hebrew name, English cuisine line, Hebrew cuisine line, tags] */
const PLACES: [string, string, string, string, Tag[]][] = [
  [
    "Olive & Ember",
    "זית וגחלים",
    "charcoal grill and mezze",
    "גריל על גחלים ומזטים",
    ["Meat", "Grill", "Middle Eastern", "Sharing"],
  ],
  [
    "Yarkon Dairy Garden",
    "גינת החלב בירקון",
    "garden café with fresh pastries",
    "בית קפה בגינה עם מאפים טריים",
    ["Dairy", "Cafe", "Bakery", "Vegetarian"],
  ],
  [
    "Blue Fig Fish House",
    "בית הדגים התאנה הכחולה",
    "fish of the day from the Jaffa port",
    "דג היום מנמל יפו",
    ["Fish", "Fine Dining", "Wine"],
  ],
  [
    "Pita Lab",
    "מעבדת הפיתה",
    "stuffed pitas to take away",
    "פיתות ממולאות לקחת",
    ["Meat", "Takeaway", "Middle Eastern"],
  ],
  [
    "Nonna Shira",
    "נונה שירה",
    "hand-made pasta and wood-oven pizza",
    "פסטה בעבודת יד ופיצה מתנור עצים",
    ["Dairy", "Italian", "Pasta", "Pizza"],
  ],
  ["Cedar & Smoke", "ארז ועשן", "dry-aged steaks", "סטייקים מיושנים", ["Meat", "Steakhouse", "Wine", "Date"]],
  ["Green Lentil", "העדשה הירוקה", "plant-based bowls", "קערות טבעוניות", ["Vegan", "Vegetarian", "Takeaway"]],
  [
    "Sakura Sushi Bar",
    "סאקורה בר סושי",
    "sushi and Japanese small plates",
    "סושי ומנות יפניות קטנות",
    ["Sushi", "Asian", "Fish", "Sharing"],
  ],
  ["Burger Dunes", "דיונות בורגר", "smash burgers and fries", "סמאש בורגר וצ׳יפס", ["Meat", "Burger", "Takeaway"]],
  [
    "Lemon Tree Bakery",
    "מאפיית עץ הלימון",
    "sourdough and morning pastries",
    "לחם מחמצת ומאפי בוקר",
    ["Dairy", "Bakery", "Cafe"],
  ],
  [
    "Jaffa Lights",
    "אורות יפו",
    "chef's tasting menu",
    "תפריט טעימות של השף",
    ["Meat", "Fine Dining", "Special", "Date"],
  ],
  [
    "The Quiet Courtyard",
    "החצר השקטה",
    "brunch in a hidden courtyard",
    "בראנץ׳ בחצר נסתרת",
    ["Dairy", "Cafe", "Vegetarian"],
  ],
  ["Wok Street TLV", "רחוב הווק", "noodles and stir-fry", "נודלס ומוקפצים", ["Meat", "Asian", "Takeaway"]],
  [
    "Rooftop Vine",
    "הגפן שעל הגג",
    "wine bar with small plates",
    "בר יין עם מנות קטנות",
    ["Dairy", "Bar", "Wine", "Sharing"],
  ],
  [
    "Shuk Kitchen 7",
    "מטבח השוק 7",
    "market-fresh Middle Eastern cooking",
    "בישול מזרח תיכוני טרי מהשוק",
    ["Meat", "Middle Eastern", "Sharing"],
  ],
  [
    "Pizza Yafo Nova",
    "פיצה יפו נובה",
    "Neapolitan-style pizza",
    "פיצה בסגנון נפוליטני",
    ["Dairy", "Pizza", "Italian", "Takeaway"],
  ],
  ["Copper Pot", "סיר הנחושת", "slow-cooked stews", "תבשילים בבישול איטי", ["Meat", "Special"]],
  ["Salt & Sea", "מלח וים", "grilled fish on the promenade", "דגים על הגריל בטיילת", ["Fish", "Grill", "Wine"]],
  ["Basil Corner", "פינת הבזיליקום", "salads and fresh pasta", "סלטים ופסטה טרייה", ["Dairy", "Pasta", "Vegetarian"]],
  [
    "Ember Lane Cocktails",
    "קוקטיילים בסמטת הגחלים",
    "cocktail bar with grilled bites",
    "בר קוקטיילים עם נשנושי גריל",
    ["Meat", "Bar", "Cocktails", "Date"],
  ],
  ["Little Tokyo Yehuda", "טוקיו הקטנה", "ramen and gyoza", "ראמן וגיוזה", ["Meat", "Asian"]],
  ["Sabich Station", "תחנת הסביח", "sabich and salads", "סביח וסלטים", ["Vegetarian", "Takeaway", "Middle Eastern"]],
  [
    "Morning Glory Café",
    "קפה תפארת הבוקר",
    "Israeli breakfast all day",
    "ארוחת בוקר ישראלית כל היום",
    ["Dairy", "Cafe"],
  ],
  ["Stone Oven Grill", "גריל תנור האבן", "skewers and laffa", "שיפודים ולאפה", ["Meat", "Grill", "Takeaway"]],
  ["Harbor Noodle Bar", "בר הנודלס בנמל", "noodle soups and bao", "מרקי נודלס ובאו", ["Asian", "Vegan"]],
  [
    "Velvet Plate",
    "הצלחת הקטיפתית",
    "modern Israeli fine dining",
    "מטבח ישראלי מודרני",
    ["Meat", "Fine Dining", "Wine", "Special"],
  ],
  ["Falafel Twelve", "פלאפל 12", "falafel and fries", "פלאפל וצ׳יפס", ["Vegan", "Takeaway", "Middle Eastern"]],
  ["Cheese & Crumb", "גבינה ופירור", "cheese boards and quiches", "מגשי גבינות וקישים", ["Dairy", "Wine", "Sharing"]],
  [
    "Grill Republic",
    "רפובליקת הגריל",
    "burgers and grilled meats",
    "המבורגרים ובשר על האש",
    ["Meat", "Burger", "Grill"],
  ],
  ["Seaside Sushi 9", "סושי חוף 9", "sushi with a sea view", "סושי מול הים", ["Sushi", "Fish", "Date"]],
  [
    "Bella Tavola TLV",
    "בלה טבולה",
    "family-style Italian",
    "איטלקי בסגנון משפחתי",
    ["Dairy", "Italian", "Pasta", "Sharing"],
  ],
  ["Date Palm Bistro", "ביסטרו הדקל", "bistro for two", "ביסטרו לזוגות", ["Meat", "Date", "Wine"]],
  ["Hummus Hamadregot", "חומוס המדרגות", "hummus and ful", "חומוס ופול", ["Vegan", "Middle Eastern"]],
  ["Night Owl Bar", "בר ינשוף הלילה", "late-night bar food", "אוכל בר עד מאוחר", ["Meat", "Bar", "Cocktails"]],
  [
    "Sunflower Vegan Kitchen",
    "מטבח החמנייה",
    "vegan comfort food",
    "אוכל נחמה טבעוני",
    ["Vegan", "Vegetarian", "Burger"],
  ],
  ["Golden Crust", "הקרום הזהוב", "bakery and sandwiches", "מאפייה וכריכים", ["Dairy", "Bakery", "Takeaway"]],
  ["Smoke Signal BBQ", "אותות עשן", "American-style barbecue", "ברביקיו בסגנון אמריקאי", ["Meat", "Grill", "Sharing"]],
  [
    "Marina Fish Grill",
    "גריל הדגים במרינה",
    "whole fish from the grill",
    "דג שלם מהגריל",
    ["Fish", "Grill", "Middle Eastern"],
  ],
  ["Espresso Five", "אספרסו 5", "coffee and quick bites", "קפה ונשנושים", ["Dairy", "Cafe", "Takeaway"]],
  [
    "Saffron Table",
    "שולחן הזעפרן",
    "Persian-Israeli home cooking",
    "בישול ביתי פרסי-ישראלי",
    ["Meat", "Middle Eastern", "Special"],
  ],
];

/** A point of a street: [house number, latitude, longitude]; numbers rise along the list. */
type Knot = [number, number, number];

/** Streets with their course through Tel Aviv (approximate, read off a map), for the demo pins. */
const STREETS: [string, string, Knot[]][] = [
  [
    "Dizengoff St",
    "דיזנגוף",
    [
      [1, 32.0728, 34.7786],
      [50, 32.0753, 34.7752],
      [100, 32.0782, 34.774],
      [200, 32.0868, 34.7741],
      [300, 32.0937, 34.7762],
      [340, 32.0968, 34.778],
    ],
  ],
  [
    "Ibn Gabirol St",
    "אבן גבירול",
    [
      [1, 32.0728, 34.782],
      [60, 32.0806, 34.7812],
      [120, 32.0866, 34.7823],
      [190, 32.0932, 34.7836],
    ],
  ],
  [
    "Rothschild Blvd",
    "שדרות רוטשילד",
    [
      [1, 32.0624, 34.7706],
      [50, 32.065, 34.7745],
      [100, 32.0688, 34.7764],
      [140, 32.0725, 34.7785],
    ],
  ],
  [
    "Allenby St",
    "אלנבי",
    [
      [1, 32.0742, 34.7672],
      [50, 32.0693, 34.7694],
      [100, 32.065, 34.7722],
      [150, 32.0601, 34.7767],
    ],
  ],
  [
    "Ben Yehuda St",
    "בן יהודה",
    [
      [1, 32.0735, 34.7685],
      [100, 32.0825, 34.7706],
      [200, 32.0906, 34.7729],
      [260, 32.0956, 34.774],
    ],
  ],
  [
    "Shenkin St",
    "שינקין",
    [
      [1, 32.0685, 34.7702],
      [30, 32.068, 34.7728],
      [60, 32.0673, 34.7752],
    ],
  ],
  [
    "HaYarkon St",
    "הירקון",
    [
      [1, 32.0745, 34.7666],
      [100, 32.0835, 34.769],
      [200, 32.091, 34.7713],
      [300, 32.0975, 34.773],
    ],
  ],
  [
    "King George St",
    "המלך ג׳ורג׳",
    [
      [1, 32.069, 34.7705],
      [40, 32.0723, 34.774],
      [70, 32.075, 34.7762],
      [100, 32.0775, 34.779],
    ],
  ],
];

const TEL_AVIV_KNOT: Knot = [1, TEL_AVIV.lat, TEL_AVIV.lng];

/** Where a house number lies on a street: between the knots around it, odd and even on either side. */
export function alongStreet(knots: readonly Knot[], number: number): { lat: number; lng: number } {
  // The knots around the number; past either end, the end itself.
  const after = knots.findIndex(([n]) => n >= number);
  const last = knots.length - 1;
  const [n0, lat0, lng0] = knots[after === -1 ? last : Math.max(0, after - 1)] ?? TEL_AVIV_KNOT;
  const [n1, lat1, lng1] = knots[after === -1 ? last : after] ?? TEL_AVIV_KNOT;
  const share = n1 === n0 ? 0 : (number - n0) / (n1 - n0);
  const side = number % 2 === 0 ? 0.00006 : -0.00006;
  return {
    lat: roundCoordinate(lat0 + (lat1 - lat0) * share + side),
    lng: roundCoordinate(lng0 + (lng1 - lng0) * share + side),
  };
}

/** Notes beside the structured hours below (the free text is the note for exceptions once a listing has structured hours). */
const HOURS_NOTES = [
  "Closed on Independence Day and Tisha B'Av.",
  "Breakfast until 11:30.",
  "The kitchen closes an hour before the bar.",
];

const r = (from: string, to: string) => ({ from, to });
const weekdays = (ranges: { from: string; to: string }[]) => [ranges, ranges, ranges, ranges, ranges];

/**
 * Three kinds of week as data, Sunday first: a restaurant that closes Friday at 15:00
 * and reopens an hour after Shabbat, a café closed from Friday afternoon to Sunday, and a late bar
 * open past midnight that reopens half an hour after Shabbat ends.
 */
const STRUCTURED_HOURS: Omit<WeeklyHours, "closedOnShabbat">[] = [
  {
    days: [...weekdays([r("12:00", "23:00")]), [r("11:00", "22:00")], [r("17:00", "23:30")]],
    beforeRest: { kind: "fixed", time: "15:00" },
    afterRest: { kind: "havdalah", minutes: 60 },
  },
  {
    days: [...weekdays([r("08:00", "18:00")]), [r("08:00", "14:00")], []],
    beforeRest: { kind: "candles", minutes: 60 },
    afterRest: { kind: "havdalah", minutes: 0 },
  },
  {
    days: [...weekdays([r("18:00", "01:00")]), [], [r("17:00", "01:00")]],
    beforeRest: { kind: "candles", minutes: 0 },
    afterRest: { kind: "havdalah", minutes: 30 },
  },
];

/** One thing that happened to a listing, `daysAgo` days before the demo data is loaded. */
export type DemoEvent =
  | { daysAgo: number; kashrut: Exclude<Kashrut, "unknown"> }
  | { daysAgo: number; closed: boolean }
  | { daysAgo: number; verified: true };

/**
 * A plausible past for a few listings, oldest first: what the restaurant page's History
 * section shows (public-history.ts) — a kashrut authority change, a closing for renovation and the
 * reopening, verifications. Written by `loadDemoHistory` through the dashboard's change path, as
 * the demo admin, back-dated to those days. These listings start unverified: their verifications
 * are in their history, the newest being the page's "last verified".
 */
export const DEMO_HISTORY: Readonly<Record<string, readonly DemoEvent[]>> = {
  "smoke-signal-bbq": [
    { daysAgo: 172, verified: true },
    { daysAgo: 121, kashrut: "mehadrin" },
    { daysAgo: 119, verified: true },
    { daysAgo: 26, verified: true },
  ],
  "nonna-shira": [
    { daysAgo: 205, verified: true },
    { daysAgo: 118, closed: true },
    { daysAgo: 81, closed: false },
    { daysAgo: 80, verified: true },
  ],
  // A Rabbinate listing from mehadrin to the regular level (the kashrut value follows the
  // certificate, ADR 032: a story of a new body would take a listing's Badatz certificate away).
  "salt-and-sea": [
    { daysAgo: 230, verified: true },
    { daysAgo: 64, kashrut: "rabanut" },
    { daysAgo: 61, verified: true },
  ],
  "blue-fig-fish-house": [
    { daysAgo: 240, verified: true },
    { daysAgo: 150, verified: true },
    { daysAgo: 47, verified: true },
  ],
};

/** The demo's page for a listing at its kashrut authority. */
const kashrutSite = (kashrut: Kashrut, slug: string) => `https://kashrut.example.org/${kashrut}/${slug}`;

/** A small deterministic generator, so the demo data is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The demo listings' counts for the 90 days before `today` (not today: the site's own
 * counting starts there), the same on every machine. Fewer on Saturdays, when kosher places are
 * closed; taps a fraction of the views, only on the links a listing has.
 */
export function demoStatistics(
  listings: readonly {
    id: string;
    phone_number?: string | null;
    waze_link?: string | null;
    booking_link?: string | null;
    online_order_link?: string | null;
    wolt_link?: string | null;
    menu_link?: string | null;
  }[],
  today: string,
): (typeof listingStats.$inferInsert)[] {
  const rand = random(20261126);
  const rows: (typeof listingStats.$inferInsert)[] = [];
  listings.forEach((listing, i) => {
    const popularity = 4 + (i % 7) * 3;
    for (let back = 90; back >= 1; back--) {
      const day = addDays(today, -back);
      const saturday = new Date(`${day}T12:00:00Z`).getUTCDay() === 6;
      const views = Math.round(popularity * (saturday ? 0.3 : 1) * (0.5 + rand()));
      const taps = (has: string | null | undefined, share: number) => (has ? Math.round(views * share * rand()) : 0);
      rows.push({
        restaurant_id: listing.id,
        day,
        views,
        phone_taps: taps(listing.phone_number, 0.25),
        navigate_taps: taps(listing.waze_link, 0.3),
        booking_taps: taps(listing.booking_link, 0.15),
        order_taps: taps(listing.online_order_link, 0.15),
        wolt_taps: taps(listing.wolt_link, 0.2),
        menu_taps: taps(listing.menu_link, 0.3),
      });
    }
  });
  return rows;
}

/**
 * A few home searches that found nothing in the demo directory over the week before
 * `today`, each more than once a day (a term seen once on a day is not kept), so the admins' list
 * has something to show.
 */
export function demoSearchMisses(today: string): (typeof searchMisses.$inferInsert)[] {
  const terms: [term: string, perDay: number[]][] = [
    ["tacos", [3, 2, 2, 4]],
    ["שווארמה", [2, 2, 3]],
    ["ethiopian", [2, 2]],
    ["dim sum", [2]],
    ["poke bowl", [2, 3, 2]],
  ];
  return terms.flatMap(([term, perDay]) => perDay.map((count, i) => ({ day: addDays(today, -1 - i), term, count })));
}

/** The item at `index` modulo the length: demo lists are never empty. */
function cycle<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error("empty demo list");
  return item;
}

export interface DemoOptions {
  db: Db;
  auth: Auth;
  /** Where the demo's photos and menus are stored (the configured storage). */
  storage: Storage;
  /** From the configuration: demo data is refused in production. */
  isProduction: boolean;
  log?: (message: string) => void;
}

/** Loads the demo data when the database has no restaurants; returns whether it did. */
export async function loadDemoDataIfEmpty(options: DemoOptions): Promise<boolean> {
  if ((await options.db.$count(restaurants)) > 0) return false;
  await loadDemoData(options);
  return true;
}

/** Where the demo pictures and menus come from: generated files when loading, stand-ins in tests. */
export interface DemoMedia {
  photo(rand: () => number, width: number, height: number, kind?: "photo" | "teuda"): Promise<string>;
  pdf(title: string): Promise<string>;
  menuImages(rand: () => number): Promise<StoredMenuImage[]>;
}

/**
 * Pesach 2027 for some demo listings (not closed for good): kosher for Pesach with a
 * certificate and Chol HaMoed hours, closed, or open but not kosher for Pesach.
 */
function demoPesach(i: number, closed: boolean): PesachPlans {
  if (closed) return {};
  if (i % 5 === 0)
    return {
      "2027": {
        status: "kosher",
        kitniyot: i % 2 === 0,
        certificate: {
          body: i % 10 === 0 ? "rabbinate_tel_aviv" : "badatz_beit_yosef",
          level: "mehadrin",
          validUntil: "2027-04-29",
        },
        cholHamoed: [{ from: "10:00", to: "22:00" }],
      },
    };
  if (i % 5 === 2) return { "2027": { status: "closed" } };
  if (i % 10 === 4) return { "2027": { status: "not_kosher", kitniyot: true } };
  return {};
}

/** The demo restaurants as rows to insert, the same on every machine. */
/**
 * The kashrut certificate of the i-th demo listing, its date relative to the day the data
 * is loaded, so a newcomer sees every state: valid, ending soon (the admins' list, the reminders),
 * renewal pending (CERTIFICATE_GRACE_DAYS), expired, private supervision, and none given.
 */
export function demoCertificate(
  i: number,
  today = telAvivDay(new Date()),
): Pick<NewRestaurantRow, "certificate_body" | "certificate_level" | "certificate_number" | "certificate_valid_until"> {
  const none = {
    certificate_body: null,
    certificate_level: null,
    certificate_number: null,
    certificate_valid_until: null,
  };
  const certificate = (body: CertificateBody, level: CertificateLevel | null, days: number) => ({
    certificate_body: body,
    certificate_level: level,
    certificate_number: level === null ? null : `TA-${String(4100 + i)}`,
    certificate_valid_until: addDays(today, days),
  });
  // Each listing's certificate agrees with its kashrut (cycle(KASHRUT_VALUES, i): rabanut, mehadrin,
  // tzohar, unknown), and together they show every state: valid, ending in 10 days (the demo
  // owner's, so a reminder goes out), renewal pending, expired, and private supervision.
  switch (i % 8) {
    case 0:
      return certificate("rabbinate_tel_aviv", "regular", 120);
    case 1:
      return certificate("rabbinate_tel_aviv", "mehadrin", 10);
    case 2:
      return certificate("tzohar", null, -60);
    case 4:
      return certificate("rabbinate_tel_aviv", "regular", -7);
    case 5:
      return certificate("badatz_beit_yosef", "mehadrin", 200);
    case 6:
      return certificate("tzohar", null, 40);
    default:
      return none;
  }
}

/**
 * The practical facts of the i-th demo listing, so every filter finds some and misses
 * some: a price level for four in five (each level), delivery, takeaway and catering in different
 * mixes (every listing tagged Takeaway offers it), and wheelchair access yes, partly or no for
 * three in four. Taken from `i` and the tags (not the random sequence, so the other demo values stay
 * as they were).
 */
export function demoPractical(
  i: number,
  tags: readonly string[] = [],
): Pick<NewRestaurantRow, "price_level" | "delivery" | "takeaway" | "catering" | "wheelchair"> {
  return {
    price_level: i % 5 === 4 ? null : ((((i * 3) % 4) + 1) as 1 | 2 | 3 | 4),
    delivery: i % 3 !== 1,
    takeaway: i % 2 === 0 || tags.includes("Takeaway"),
    catering: i % 4 === 3,
    wheelchair: i % 4 === 2 ? null : i % 4 === 0 ? "yes" : i % 4 === 1 ? "partly" : "no",
  };
}

/** Meat, dairy or parve as a demo listing's tags say it, or null where they do not say one. */
export function demoKosherKind(tags: readonly string[]): KosherKind | null {
  const meat = tags.includes("Meat");
  const dairy = tags.includes("Dairy");
  if (meat !== dairy) return meat ? "meat" : "dairy";
  return !meat && tags.includes("Vegan") ? "parve" : null;
}

export async function buildDemoRows(media: DemoMedia): Promise<NewRestaurantRow[]> {
  const rand = random(20260101);
  const rows: NewRestaurantRow[] = [];
  for (const [i, [nameEn, nameHe, lineEn, lineHe, tags]] of PLACES.entries()) {
    const [streetEn, streetHe, knots] = cycle(STREETS, i);
    const lastNumber = knots.at(-1)?.[0] ?? 100;
    const number = 3 + Math.floor(rand() * (lastNumber - 3));
    const place = alongStreet(knots, number);
    const kashrut = cycle(KASHRUT_VALUES, i);
    // The app's own rule, so saving a demo listing unchanged keeps its address.
    const slug = slugFromName(nameEn);
    const menuKind = Math.floor(i / 2) % 4; // 0 none, 1 link, 2 pdf, 3 images
    const withPhoto = i % 7 !== 3;
    const closed = i % 10 === 9;
    const extraTag = cycle(TAG_NAMES, Math.floor(rand() * TAG_NAMES.length));
    const allTags = [...new Set(i % 3 === 0 ? [...tags, extraTag] : tags)];
    const hours = cycle(HOURS_NOTES, i);
    // Closed on Shabbat and Yom Tov unless the kashrut is unknown (the issue's default).
    const structured: WeeklyHours = { ...cycle(STRUCTURED_HOURS, i), closedOnShabbat: kashrut !== "unknown" };

    rows.push(
      buildRestaurant({
        slug,
        name_en: nameEn,
        name_he: i % 13 === 12 ? null : nameHe,
        address: `${number} ${streetEn}, Tel Aviv`,
        // Most give their address in Hebrew too; every fifth does not (Hebrew pages then show the
        // English), whatever its kashrut (the kashrut values repeat every four).
        address_he: i % 5 === 2 ? null : `${streetHe} ${number}, תל אביב`,
        phone_number: `03-555-${String(100 + i).padStart(4, "0")}`,
        opening_hours: hours,
        hours: structured,
        latitude: place.lat,
        longitude: place.lng,
        kashrut,
        tags: allTags,
        description_en: `${nameEn} is a fictional demo listing: ${lineEn} on ${streetEn}. Demo data – call before visiting.`,
        description_he:
          i % 11 === 10
            ? null
            : `${nameHe} היא מסעדה לדוגמה בלבד: ${lineHe} ברחוב ${streetHe}. נתוני הדגמה – התקשרו לפני ההגעה.`,
        // Verified 0-299 days before the data is loaded: most recently, some overdue (ADR 014), a quarter
        // never. A listing with a history is verified there.
        last_verified: i % 4 === 1 || DEMO_HISTORY[slug] ? null : addDays(telAvivDay(new Date()), -((i * 23) % 300)),
        // Half of the links navigate to the pin, the other half search for the address (as many owners' do).
        waze_link:
          i % 6 === 5
            ? null
            : i % 2 === 0
              ? `https://waze.com/ul?ll=${place.lat},${place.lng}&navigate=yes`
              : `https://waze.com/ul?q=${encodeURIComponent(`${number} ${streetEn} Tel Aviv`)}`,
        booking_link: i % 2 === 0 ? `https://booking.example.com/${slug}` : null,
        wolt_link: i % 3 === 0 ? `https://wolt.example.com/${slug}` : null,
        online_order_link: i % 5 === 0 ? `https://order.example.com/${slug}` : null,
        kashrut_website: kashrut !== "unknown" && i % 8 < 5 ? kashrutSite(kashrut, slug) : null,
        is_permanently_closed: closed,
        photo: withPhoto ? await media.photo(rand, 1200, 800) : null,
        teuda: i % 3 === 1 ? await media.photo(rand, 800, 1100, "teuda") : null,
        menu_link:
          menuKind === 1 ? `https://menus.example.com/${slug}` : menuKind === 2 ? await media.pdf(nameEn) : null,
        menu_images: menuKind === 3 ? await media.menuImages(rand) : [],
        ...demoCertificate(i),
        // Meat or dairy where the tags say one and not the other (as the migration read them); vegan is parve.
        kosher_kind: demoKosherKind(allTags),
        pesach: demoPesach(i, closed),
        ...demoPractical(i, allTags),
      }),
    );
  }
  return rows;
}

export async function loadDemoData({ db, auth, storage, isProduction, log = () => {} }: DemoOptions): Promise<void> {
  if (isProduction) throw new Error("Demo data and demo accounts are refused when NODE_ENV=production.");
  const started = Date.now();
  const rows = await buildDemoRows({
    photo: (rand, width, height, kind) => generatePhoto(storage, rand, width, height, kind),
    pdf: (title) => generatePdf(storage, title),
    menuImages: (rand) => generateMenuImages(storage, rand),
  });

  await db.transaction(async (tx) => {
    // With the search text every save writes.
    const inserted = await insertRestaurants(
      tx,
      rows.map((row) => ({ ...row, search_text: searchTextOfRow(row) })),
    );
    // Generated media is recorded like any upload: made by the system, attached to its restaurant.
    const media = inserted.flatMap((row) =>
      namedFiles(row).map((file) => ({
        url: file.url,
        kind: file.kind,
        uploaded_by: null,
        restaurant_id: row.id,
        attached_at: new Date(),
      })),
    );
    if (media.length > 0) await tx.insert(uploads).values(media).onConflictDoNothing();
    // 90 days of made-up views and taps, so the statistics page has something to show.
    await tx.insert(listingStats).values(demoStatistics(inserted, telAvivDay(new Date(started))));
    await tx.insert(searchMisses).values(demoSearchMisses(telAvivDay(new Date(started))));
    await tx.insert(blogs).values(
      SAMPLE_POSTS.map((post) => ({
        title: post.title,
        subtitle: post.subtitle,
        image: post.image,
        content: post.content,
        slug: post.slug,
        date: new Date(post.date),
      })),
    );
  });

  const adminId = await createDemoAccount(db, auth, DEMO_ACCOUNTS.admin, "admin");
  const ownerId = await createDemoAccount(db, auth, DEMO_ACCOUNTS.owner, "owner");
  // The demo owner may edit the first two listings.
  const owned = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(
      inArray(
        restaurants.slug,
        rows.slice(0, 2).map((row) => row.slug),
      ),
    );
  await db.insert(restaurantOwners).values(owned.map(({ id }) => ({ restaurant_id: id, user_id: ownerId })));
  const told = await loadDemoHistory(
    db,
    { id: adminId, email: DEMO_ACCOUNTS.admin.email, role: "admin" },
    new Date(started),
  );
  // Diners' reviews: published in both languages, and held, hidden and rejected ones for the queue.
  const reviewed = await loadDemoReviews(
    db,
    auth,
    { ownerId, admin: { id: adminId, email: DEMO_ACCOUNTS.admin.email } },
    new Date(started),
  );

  log(
    `[demo] loaded ${rows.length} fictional restaurants (${told} with a history), ${reviewed} reviews, ${SAMPLE_POSTS.length} posts and ${2 + DEMO_DINERS.length} demo accounts in ${Date.now() - started} ms`,
  );
}

/**
 * Writes DEMO_HISTORY as `actor` through the change path (manage.server.ts), each change at its
 * day before `now`. A listing that already has a recorded change is left alone, so running it
 * again adds nothing. Returns how many listings it gave a history.
 */
export async function loadDemoHistory(db: Db, actor: Actor, now = new Date()): Promise<number> {
  let told = 0;
  for (const [slug, events] of Object.entries(DEMO_HISTORY)) {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.slug, slug));
    if (!row || (await db.$count(restaurantChanges, eq(restaurantChanges.restaurant_id, row.id))) > 0) continue;
    for (const event of events) await tell(db, actor, row, event, new Date(now.getTime() - event.daysAgo * 86_400_000));
    told++;
  }
  return told;
}

async function tell(db: Db, actor: Actor, row: RestaurantRow, event: DemoEvent, at: Date): Promise<void> {
  if ("verified" in event) {
    await setVerificationDate(db, actor, row.id, telAvivDay(at), at);
  } else if ("closed" in event) {
    await setPermanentlyClosed(db, actor, row.id, event.closed, at);
  } else {
    // A new authority is saved with the form, as an admin would: its page moves with it.
    const [current] = await db.select().from(restaurants).where(eq(restaurants.id, row.id));
    if (!current) return;
    const values = restaurantToFormValues(rowToRestaurant(current));
    const kashrutWebsite = values.kashrutWebsite ? kashrutSite(event.kashrut, row.slug) : "";
    // The new kashrut comes with the certificate's body and level it implies (ADR 032: the value is derived).
    const implied = impliedCertificate(event.kashrut);
    const certificate = { certificateBody: implied.body ?? "", certificateLevel: implied.level ?? "" };
    await updateRestaurant(
      db,
      actor,
      row.id,
      { ...values, ...certificate, kashrut: event.kashrut, kashrutWebsite },
      at,
    );
  }
}

async function createDemoAccount(
  db: Db,
  auth: Auth,
  account: { email: string; password: string; firstName: string; lastName: string },
  role: "admin" | "owner",
): Promise<string> {
  const { id } = await createUser(db, auth, { ...account, role, phoneNumber: "03-555-0000", emailVerified: true });
  return id;
}

const PALETTES = [
  ["#7c2d12", "#f59e0b"],
  ["#14532d", "#84cc16"],
  ["#1e3a8a", "#38bdf8"],
  ["#581c87", "#f472b6"],
  ["#7f1d1d", "#fb923c"],
  ["#134e4a", "#2dd4bf"],
];

/** An abstract "table seen from above" picture: plates and glasses on a warm gradient. */
function photoSvg(rand: () => number, width: number, height: number, kind: "photo" | "teuda" | "menu"): string {
  const [dark, light] = cycle(PALETTES, Math.floor(rand() * PALETTES.length));
  const shapes: string[] = [];
  if (kind === "photo") {
    for (let k = 0; k < 5; k++) {
      const cx = Math.round(rand() * width);
      const cy = Math.round(rand() * height);
      const r = Math.round(80 + rand() * 160);
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fffaf0" opacity="0.9"/>`);
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.7)}" fill="${light}" opacity="0.55"/>`);
    }
  } else {
    shapes.push(
      `<rect x="${width * 0.08}" y="${height * 0.08}" width="${width * 0.84}" height="${height * 0.84}" rx="24" fill="#fffaf0"/>`,
    );
    for (let k = 0; k < 9; k++) {
      const y = height * (0.2 + k * 0.07);
      shapes.push(
        `<rect x="${width * 0.16}" y="${y}" width="${width * (0.4 + rand() * 0.28)}" height="14" rx="7" fill="${dark}" opacity="0.5"/>`,
      );
    }
    if (kind === "teuda")
      shapes.push(
        `<circle cx="${width * 0.72}" cy="${height * 0.82}" r="60" fill="none" stroke="${dark}" stroke-width="10"/>`,
      );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}</svg>`;
}

/**
 * A generated picture, encoded as an upload is (checks, WebP widths; kept across loads by
 * demo-pictures.ts) and stored like one, under a new name in this storage.
 */
async function generatePhoto(
  storage: Storage,
  rand: () => number,
  width: number,
  height: number,
  kind: "photo" | "teuda" | "menu" = "photo",
): Promise<string> {
  const variants = await encodeDemoPicture(photoSvg(rand, width, height, kind), kind);
  return (await storeImage(kind, variants, `demo-${kind}.png`, storage)).url;
}

async function generateMenuImages(storage: Storage, rand: () => number): Promise<StoredMenuImage[]> {
  const pages = 1 + Math.floor(rand() * 3);
  const images: StoredMenuImage[] = [];
  for (let page = 1; page <= pages; page++) {
    images.push({
      url: await generatePhoto(storage, rand, 800, 1100, "menu"),
      name: `menu-page-${page}.webp`,
      type: "image/webp",
    });
  }
  return images;
}

/** A one-page PDF menu, written by hand (no PDF library needed for this much). */
async function generatePdf(storage: Storage, title: string): Promise<string> {
  const text = `${title.replace(/[()\\]/g, "")} - demo menu`;
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return (await processUpload("pdf", Buffer.from(body, "latin1"), `${title}.pdf`, storage)).url;
}
