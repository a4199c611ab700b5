// The demo's diners' reviews: published ones in Hebrew and in English on a few listings (one edited,
// with its earlier version; one answered by the demo owner, whose reply was edited once), and work
// for the admins' queue: two held (a new account's first review, a watched word), one hidden by
// reports, one rejected whose author asked for a second look; and a few watched words. Written
// straight into the tables in the states the review rules would have left them (the database
// recounts the totals itself); made by demo diners who can sign in (DEMO_DINERS).
import { eq } from "drizzle-orm";
import { createUser, type SignUpAuth } from "../../database/factories";
import type { HoldSignal, ReviewLanguage, ReviewReportReason } from "../../database/reviews";
import { users } from "../../database/schema/auth";
import { restaurants } from "../../database/schema/restaurants";
import {
  reviewDecisions,
  reviewReplies,
  reviewReplyEdits,
  reviewReports,
  reviewVersions,
  reviewWatchedWords,
  reviews,
} from "../../database/schema/reviews";
import type { Db } from "../../database/types";
import { normalizeForSearch } from "../../app/lib/search-text";
import { telAvivDay } from "../../app/lib/dates";

/** The demo diners' shared password (local use only, like the other demo accounts). */
export const DEMO_DINER_PASSWORD = "demo-diner-2026";

/**
 * The demo's diners: `daysOld` is how long ago their account was opened (the last one is a new
 * account, whose first review waits for an admin). The first is the one the README names.
 */
export const DEMO_DINERS = [
  { key: "noa", email: "demo-diner@kosher-tel-aviv.test", firstName: "נועה", lastName: "לוי", daysOld: 400 },
  { key: "david", email: "demo-diner-2@kosher-tel-aviv.test", firstName: "David", lastName: "Cohen", daysOld: 320 },
  { key: "yael", email: "demo-diner-3@kosher-tel-aviv.test", firstName: "יעל", lastName: "מזרחי", daysOld: 260 },
  { key: "sarah", email: "demo-diner-4@kosher-tel-aviv.test", firstName: "Sarah", lastName: "Goldberg", daysOld: 190 },
  { key: "avi", email: "demo-diner-5@kosher-tel-aviv.test", firstName: "אבי", lastName: "פרץ", daysOld: 150 },
  { key: "lior", email: "demo-diner-6@kosher-tel-aviv.test", firstName: "Lior", lastName: "Ben-David", daysOld: 2 },
] as const;
type DinerKey = (typeof DEMO_DINERS)[number]["key"];

/** Words the admins watch (stored folded, as the watched-words page stores them). */
export const DEMO_WATCHED_WORDS = ["promo code", "discount code", "קוד הנחה", "whatsapp", "וואטסאפ"] as const;

interface DemoReview {
  slug: string;
  by: DinerKey;
  rating: number;
  language: ReviewLanguage;
  body: string;
  /** When it was written, days before the data is loaded. */
  daysAgo: number;
  ateHere?: boolean;
  /** An earlier version it was edited from, `editedDaysAgo` days before the load. */
  earlier?: { rating: number; body: string; editedDaysAgo: number };
  /** The demo owner's reply, and the text it replaced when they edited it. */
  reply?: { body: string; earlier: string; daysAgo: number };
  /** Not published: why (the hold signals), and what happened since. */
  held?: HoldSignal[];
  hiddenBy?: { by: DinerKey; reason: ReviewReportReason; note: string }[];
  rejected?: { reason: string; secondLook: string; daysAgo: number };
}

/** Reports from established accounts (verified, older than the new-account age) weigh 2. */
const ESTABLISHED_WEIGHT = 2;

export const DEMO_REVIEWS: readonly DemoReview[] = [
  // Yarkon Dairy Garden is the demo owner's: their reply is on the first.
  {
    slug: "yarkon-dairy-garden",
    by: "noa",
    rating: 5,
    language: "he",
    daysAgo: 40,
    body: "ישבנו בגינה בבוקר שישי והכול היה נעים: שקשוקה עם פטה, לחם מחמצת חם וקפה טוב באמת. השירות היה מהיר גם כשהיה עמוס. נחזור.",
    reply: {
      body: "תודה רבה, נועה! שמחים שנהניתם מהגינה. נתראה בשישי הבא, והשקשוקה עלינו.",
      earlier: "תודה רבה, נועה! שמחים שנהניתם.",
      daysAgo: 38,
    },
  },
  {
    slug: "yarkon-dairy-garden",
    by: "david",
    rating: 4,
    language: "en",
    daysAgo: 25,
    body: "Lovely garden seating and the pastries come out of the oven all morning. The cheese plate was generous. Service slowed down around noon, but the staff stayed friendly and kept the coffee coming.",
    earlier: {
      rating: 3,
      body: "Lovely garden seating and fresh pastries, but we waited a long time for our order at noon.",
      editedDaysAgo: 12,
    },
  },
  {
    slug: "pita-lab",
    by: "sarah",
    rating: 4,
    language: "en",
    daysAgo: 60,
    body: "Quick, cheap and very tasty. The pita was stuffed to the edges and the amba was just right. There is little seating, so take it to the park around the corner.",
  },
  {
    slug: "pita-lab",
    by: "yael",
    rating: 3,
    language: "he",
    daysAgo: 33,
    ateHere: false,
    body: "הזמנו הביתה. הפיתה טעימה אבל הגיעה קצת יבשה, והמשלוח לקח כמעט שעה. הסלטים שבצד היו טריים מאוד.",
  },
  {
    slug: "shuk-kitchen-7",
    by: "avi",
    rating: 5,
    language: "he",
    daysAgo: 20,
    body: "אוכל ביתי כמו של סבתא: מג׳דרה, קציצות ברוטב עגבניות וסלטים ישר מהשוק. המנות גדולות והמחירים הוגנים.",
  },
  {
    slug: "shuk-kitchen-7",
    by: "david",
    rating: 5,
    language: "en",
    daysAgo: 15,
    body: "Everything tasted like it came from the market that morning. Order several small plates to share; the stuffed vegetables were the highlight.",
  },
  {
    slug: "sabich-station",
    by: "noa",
    rating: 4,
    language: "he",
    daysAgo: 10,
    body: "סביח קלאסי ומדויק, עם חציל פריך וביצה חומה. חסרה רק עוד קצת עמבה.",
  },
  {
    slug: "cedar-and-smoke",
    by: "sarah",
    rating: 5,
    language: "en",
    daysAgo: 70,
    body: "A special-occasion steakhouse that earns it. The aged rib-eye came exactly as we asked, and the wine list has good Israeli bottles at fair prices.",
  },
  {
    slug: "hummus-hamadregot",
    by: "yael",
    rating: 5,
    language: "he",
    daysAgo: 5,
    body: "חומוס חם וחלק, פול טוב ופיתות טריות מהטאבון. מקום קטן ונעים, כדאי להגיע לפני הצהריים.",
  },
  // The queue's work. A new account's first review, waiting.
  {
    slug: "falafel-twelve",
    by: "lior",
    rating: 5,
    language: "en",
    daysAgo: 1,
    body: "Crispy falafel that is green inside, and the fries are cut by hand. The guys at the counter let us taste the salads before choosing.",
    held: ["new-account", "first-review"],
  },
  // A watched word, waiting.
  {
    slug: "pizza-yafo-nova",
    by: "yael",
    rating: 4,
    language: "he",
    daysAgo: 2,
    body: "פיצה מצוינת עם בצק אוורירי ורוטב עגבניות טוב. תבקשו בקופה קוד הנחה ותקבלו קינוח בחינם.",
    held: ["watched-word"],
  },
  // Published, then hidden by two established accounts' reports until an admin decides.
  {
    slug: "burger-dunes",
    by: "avi",
    rating: 1,
    language: "he",
    daysAgo: 8,
    body: "מקום נוראי. המנהל שקרן וגנב, וכל מי שעובד שם לא יודע כלום. תתרחקו.",
    hiddenBy: [
      { by: "david", reason: "attack", note: "Insults the manager and the staff, says nothing about the food." },
      { by: "sarah", reason: "attack", note: "" },
    ],
  },
  // Held for a link, rejected with a reason, and its author asked for a second look.
  {
    slug: "wok-street-tlv",
    by: "david",
    rating: 4,
    language: "en",
    daysAgo: 18,
    body: "Great noodles with plenty of wok flavour and a spicy sauce worth asking for. Photos of every dish are on my blog: https://blog.example.com/wok-street",
    held: ["link"],
    rejected: {
      reason: "Reviews do not carry links to other sites. Edit your review without the link and we will read it again.",
      secondLook: "The link only shows my own photos of the meal; nothing there is for sale.",
      daysAgo: 16,
    },
  },
];

const DAY = 86_400_000;

/**
 * Writes the demo diners, their reviews and the watched words, `now` being the load's time; the
 * demo owner (`ownerId`) replies and the demo admin (`admin`) decided. Nothing when any review
 * exists already. Returns how many reviews it wrote.
 */
export async function loadDemoReviews(
  db: Db,
  auth: SignUpAuth,
  people: { ownerId: string; admin: { id: string; email: string } },
  now = new Date(),
): Promise<number> {
  if ((await db.$count(reviews)) > 0) return 0;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const diners = new Map<DinerKey, { id: string; email: string }>();
  for (const diner of DEMO_DINERS) {
    const { id } = await createUser(db, auth, {
      email: diner.email,
      password: DEMO_DINER_PASSWORD,
      firstName: diner.firstName,
      lastName: diner.lastName,
      phoneNumber: "03-555-0000",
      emailVerified: true,
    });
    // The name shown with their reviews (the sign-up form keeps the first name only), and their account's age.
    await db
      .update(users)
      .set({ name: `${diner.firstName} ${diner.lastName}`, createdAt: ago(diner.daysOld) })
      .where(eq(users.id, id));
    diners.set(diner.key, { id, email: diner.email });
  }
  const diner = (key: DinerKey) => {
    const found = diners.get(key);
    if (!found) throw new Error(`no demo diner ${key}`);
    return found;
  };

  const places = new Map(
    (await db.select({ id: restaurants.id, slug: restaurants.slug }).from(restaurants)).map((r) => [r.slug, r.id]),
  );
  let written = 0;
  await db.transaction(async (tx) => {
    await tx
      .insert(reviewWatchedWords)
      .values(
        DEMO_WATCHED_WORDS.map((word) => ({
          word: normalizeForSearch(word),
          added_by: people.admin.id,
          created_at: ago(30),
        })),
      )
      .onConflictDoNothing();

    for (const review of DEMO_REVIEWS) {
      const restaurantId = places.get(review.slug);
      if (!restaurantId) continue;
      const author = diner(review.by);
      const created = ago(review.daysAgo);
      const updated = review.earlier ? ago(review.earlier.editedDaysAgo) : created;
      const published = !review.held;
      const [row] = await tx
        .insert(reviews)
        .values({
          restaurant_id: restaurantId,
          author_id: author.id,
          rating: review.rating,
          body: review.body,
          language: review.language,
          ate_here: review.ateHere ?? true,
          // The visit: the month of a few days before it was first written.
          visit_month: telAvivDay(ago(review.daysAgo + 3)).slice(0, 7),
          status: review.rejected ? "rejected" : review.hiddenBy ? "hidden" : published ? "published" : "held",
          held_for: review.held ?? [],
          rejection_reason: review.rejected?.reason ?? null,
          second_look_at: review.rejected ? ago(review.rejected.daysAgo - 1) : null,
          created_at: created,
          updated_at: updated,
          published_at: published ? updated : null,
        })
        .returning({ id: reviews.id });
      if (!row) continue;
      written++;

      if (review.earlier)
        await tx.insert(reviewVersions).values({
          review_id: row.id,
          rating: review.earlier.rating,
          body: review.earlier.body,
          language: review.language,
          ate_here: review.ateHere ?? true,
          visit_month: telAvivDay(ago(review.daysAgo + 3)).slice(0, 7),
          written_at: created,
        });

      if (review.reply) {
        const replied = ago(review.reply.daysAgo);
        const edited = ago(review.reply.daysAgo - 1);
        await tx.insert(reviewReplies).values({
          review_id: row.id,
          author_id: people.ownerId,
          body: review.reply.body,
          created_at: replied,
          updated_at: edited,
        });
        await tx.insert(reviewReplyEdits).values({
          review_id: row.id,
          previous_body: review.reply.earlier,
          editor_id: people.ownerId,
          created_at: edited,
        });
      }

      if (review.hiddenBy) {
        await tx.insert(reviewReports).values(
          review.hiddenBy.map((report, i) => ({
            review_id: row.id,
            reporter_id: diner(report.by).id,
            reason: report.reason,
            note: report.note,
            weight: ESTABLISHED_WEIGHT,
            created_at: ago(review.daysAgo - 1 - i),
          })),
        );
        await tx.insert(reviewDecisions).values({
          review_id: row.id,
          decision: "hidden",
          actor_id: null,
          actor_email: "reports",
          created_at: ago(review.daysAgo - review.hiddenBy.length),
        });
      }

      if (review.rejected)
        await tx.insert(reviewDecisions).values([
          {
            review_id: row.id,
            decision: "rejected",
            reason: review.rejected.reason,
            actor_id: people.admin.id,
            actor_email: people.admin.email,
            created_at: ago(review.rejected.daysAgo),
          },
          {
            review_id: row.id,
            decision: "second-look",
            reason: review.rejected.secondLook,
            actor_id: author.id,
            actor_email: author.email,
            created_at: ago(review.rejected.daysAgo - 1),
          },
        ]);
    }
  });
  return written;
}
