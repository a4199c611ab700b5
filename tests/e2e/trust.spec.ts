// Trust in listings: how fresh a listing's verification is, on the restaurant page, on
// the cards and as a home filter, in both languages. Its own server and database (demo data).
import { eq, isNotNull } from "drizzle-orm";
import { addDays, telAvivDay } from "../../app/lib/dates";
import { restaurantChanges, restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
const listings: Record<"fresh" | "overdue" | "never" | "unknown" | "expired", { slug: string; name: string }> =
  {} as never;

/** The Tel Aviv day `days` calendar days before today. */
const daysAgo = (days: number) => addDays(telAvivDay(new Date()), -days);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
  const db = server.database.db;
  // Every demo listing verified long ago, then three set apart (the database announces each change,
  // so the server's caches follow).
  await db
    .update(restaurants)
    .set({ last_verified: daysAgo(400) })
    .where(isNotNull(restaurants.id));
  const open = await db.select().from(restaurants).where(eq(restaurants.is_permanently_closed, false)).limit(3);
  const states = [
    ["fresh", daysAgo(10)],
    ["overdue", daysAgo(181)],
    ["never", null],
  ] as const;
  for (const [index, [state, day]] of states.entries()) {
    const row = open[index]!;
    await db.update(restaurants).set({ last_verified: day, name_he: null }).where(eq(restaurants.id, row.id));
    listings[state] = { slug: row.slug, name: row.name_en };
  }

  await db.update(restaurants).set({ last_verified: null }).where(eq(restaurants.is_permanently_closed, true));
});
test.afterAll(async () => {
  await server?.stop();
});

test("search engines get the page's real last-change date: the later of its last change and last verification", async ({
  request,
}) => {
  const html = await (await request.get(`${base}/en/restaurant/${listings.fresh.slug}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  const webPage = blocks.find((block) => block["@type"] === "WebPage");
  // The listing was changed (its verification day set) today in this test's set-up.
  expect(webPage).toMatchObject({
    dateModified: telAvivDay(new Date()),
    about: { "@id": expect.stringMatching(/#restaurant$/) },
  });
  expect(blocks.find((block) => block["@type"] === "Restaurant")).toMatchObject({
    "@id": (webPage!.about as { "@id": string })["@id"],
  });
});

test("the restaurant page says when it was verified, beside the kashrut badge, in English and Hebrew", async ({
  page,
}) => {
  await page.goto(`${base}/en/restaurant/${listings.fresh.slug}`);
  await expect(page.getByTestId("verification")).toHaveText(/^Details checked on \w+ \d{1,2}, \d{4}$/);
  await expect(page.getByTestId("verification")).toHaveAttribute("data-freshness", "fresh");

  await page.goto(`${base}/en/restaurant/${listings.never.slug}`);
  await expect(page.getByTestId("verification")).toHaveText("Details not checked yet");

  await page.goto(`${base}/en/restaurant/${listings.overdue.slug}`);
  const overdue = page.getByTestId("verification");
  await expect(overdue).toContainText("These details may be out of date: last checked on");
  await expect(overdue.locator("svg")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/restaurant/${listings.overdue.slug}`);
  await expect(page.getByTestId("verification")).toContainText("ייתכן שהפרטים אינם עדכניים: נבדקו לאחרונה ב-");
  await page.goto(`${base}/he/restaurant/${listings.never.slug}`);
  await expect(page.getByTestId("verification")).toHaveText("הפרטים טרם נבדקו");
});

test("cards say when the details were checked, or that the check is overdue, in words, and nothing for a listing never checked", async ({
  page,
}) => {
  await page.goto(`${base}/?q=${encodeURIComponent(listings.fresh.name)}`);
  const card = (name: string) => page.getByRole("link", { name: new RegExp(name) });
  await expect(card(listings.fresh.name).getByTestId("freshness-mark")).toHaveAttribute("data-freshness", "fresh");
  await expect(card(listings.fresh.name).getByTestId("freshness-mark")).toHaveText(/^Checked \w+ \d{1,2}, \d{4}$/);

  await page.goto(`${base}/he?q=${encodeURIComponent(listings.overdue.name)}`);
  await expect(card(listings.overdue.name).getByTestId("freshness-mark")).toHaveAttribute("data-freshness", "overdue");
  await expect(card(listings.overdue.name)).toContainText("ייתכן שלא עדכני");

  await page.goto(`${base}/?q=${encodeURIComponent(listings.never.name)}`);
  await expect(card(listings.never.name)).toBeVisible();
  await expect(card(listings.never.name).getByTestId("freshness-mark")).toHaveCount(0);
});

test("the home filter 'Recently checked' keeps only fresh listings, lives in the URL, and works without JavaScript", async ({
  page,
  browser,
}) => {
  await page.goto(`${base}/`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await page.getByLabel("Recently checked").check();
  await expect(page).toHaveURL(/[?&]verified=recent/);
  await expect(page.getByTestId("result-count")).toHaveText("1 restaurant found");
  await expect(page.getByRole("link", { name: new RegExp(listings.fresh.name) })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Recently checked")).toBeChecked();
  await expect(page.getByTestId("result-count")).toHaveText("1 restaurant found");

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(`${base}/he?verified=recent`);
  await expect(plain.getByLabel("נבדקו לאחרונה")).toBeChecked();
  await expect(plain.getByRole("link", { name: new RegExp(listings.fresh.name) })).toBeVisible();
  await expect(plain.getByTestId("freshness-mark")).toHaveCount(1);
  await context.close();
});

test("a restaurant's public history lists kashrut changes and verifications, dates only, closed until opened", async ({
  page,
}) => {
  const [row] = await server.database.db.select().from(restaurants).where(eq(restaurants.slug, listings.fresh.slug));
  await server.database.db.insert(restaurantChanges).values([
    {
      restaurant_id: row!.id,
      restaurant_name: row!.name_en,
      actor_email: "someone@example.com",
      action: "update",
      changes: { kashrut: { old: "rabanut", new: "tzohar" }, address: { old: "a", new: "b" } },
      created_at: new Date("2026-02-03T10:00:00Z"),
    },
    {
      restaurant_id: row!.id,
      restaurant_name: row!.name_en,
      actor_email: "someone@example.com",
      action: "verify",
      changes: { last_verified: { old: null, new: "2026-02-04" } },
      created_at: new Date("2026-02-04T10:00:00Z"),
    },
  ]);
  // The history changed without the restaurant: the cached page is not told, so ask past it.
  await page.goto(`${base}/en/restaurant/${listings.fresh.slug}?history`);
  const history = page.getByTestId("public-history");
  await expect(history.getByRole("listitem").first()).toBeHidden();
  await history.getByText("History").click();
  await expect(history.getByRole("listitem")).toHaveText([
    "February 4, 2026Information verified",
    "February 3, 2026Kashrut changed from Rabanut to Tzohar",
  ]);
  await expect(history).not.toContainText("someone@example.com");
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/restaurant/${listings.fresh.slug}?history`);
  await page.getByTestId("public-history").getByText("היסטוריה").click();
  await expect(page.getByTestId("public-history").getByRole("listitem").last()).toContainText(
    "הכשרות השתנתה מ-רבנות ל-צהר",
  );
});

test("an unknown kashrut and an expired supervision are never called verified or kosher, on the page and its card, in English and Hebrew", async ({
  page,
  request,
}) => {
  // Two more listings, checked recently: one of unknown kashrut, one whose supervision expired a year ago.
  const db = server.database.db;
  const open = await db
    .select()
    .from(restaurants)
    .where(eq(restaurants.is_permanently_closed, false))
    .orderBy(restaurants.slug);
  const others = open
    .filter((row) => !Object.values(listings).some((listing) => listing?.slug === row.slug))
    .slice(0, 2);
  const changes = [
    ["unknown", { kashrut: "unknown", certificate_body: null, certificate_valid_until: null }],
    ["expired", { kashrut: "rabanut", certificate_body: "rabbinate_tel_aviv", certificate_valid_until: daysAgo(365) }],
  ] as const;
  for (const [index, [kind, change]] of changes.entries()) {
    const row = others[index]!;
    await db
      .update(restaurants)
      .set({ ...change, last_verified: daysAgo(5), name_he: null })
      .where(eq(restaurants.id, row.id));
    listings[kind] = { slug: row.slug, name: row.name_en };
  }
  for (const language of ["en", "he"] as const) {
    const words =
      language === "en"
        ? { verifiedKosher: /verified kosher/i, yes: /^Yes\./, kosherTitle: /Kosher restaurant/ }
        : { verifiedKosher: /כשר מאומת/, yes: /^כן\./, kosherTitle: /מסעדה כשרה/ };
    for (const kind of ["unknown", "expired"] as const) {
      const { slug, name } = listings[kind];
      const path = `/${language}/restaurant/${slug}`;
      await page.goto(`${base}${path}`);
      const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
      // No check mark, no "verified kosher", no green kashrut badge; the details' check is worded as such.
      await expect(header).not.toContainText("✓");
      await expect(page.locator("body")).not.toContainText(words.verifiedKosher);
      await expect(header.locator("[data-doubtful]")).toHaveCount(1);
      await expect(page.getByTestId("verification")).toHaveText(
        language === "en" ? /^Details checked on / : /^הפרטים נבדקו ב-/,
      );
      await expect(page).not.toHaveTitle(words.kosherTitle);
      // The answer to "Is it kosher?" does not say yes.
      const answer = page.getByTestId("faq").first().locator("p");
      await expect(answer).toBeVisible();
      await expect(answer).not.toHaveText(words.yes);
      // Search engines read the same: the description and the structured data do not call it kosher.
      const html = await (await request.get(`${base}${path}`)).text();
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(description).not.toMatch(words.kosherTitle);
      expect(description.length).toBeGreaterThan(0);

      // Its card on home: a grey kashrut badge, and no check mark beside it.
      await page.goto(`${base}/${language === "he" ? "he" : ""}?q=${encodeURIComponent(name)}`);
      const card = page.getByRole("link", { name: new RegExp(name) });
      await expect(card.locator("[data-doubtful]")).toHaveCount(1);
      await expect(card).not.toContainText("✓");
      await expect(card.locator("svg path[d^='M5 12l5 5']")).toHaveCount(0);
    }
    // Home's hero makes no promise that every listing is verified kosher.
    await expect(page.locator("body")).not.toContainText(words.verifiedKosher);
  }
});
