// The Rabbinate's register on the public pages (ADR 033), in English and Hebrew, on a server of its
// own (the listings it needs would disturb the shared demo server's) whose day is set by each
// request's x-test-now: a certificate that says which register it comes from, with the register's
// reminder; a revoked certificate on the card and the page (never "kosher"), cleared by an admin on
// the editor page; and the days after the city-wide batch date reading as the Rabbinate's renewal.
import type { BrowserContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { dashboardEditPath } from "../../app/lib/member-paths";
import { insertRestaurants } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

/** Three days after the batch date (20 April 2027), inside the 30-day grace. */
const NOW = "2027-04-23T12:00:00+03:00";
const RABBINATE = { certificate_body: "rabbinate_tel_aviv", certificate_level: "regular", kashrut: "rabanut" } as const;

let server: InProcessServer;
let base: string;
let revokedId: string;

test.beforeAll(async () => {
  server = await startInProcess({ demoData: false, testClock: true });
  base = server.baseUrl;
  const rows = await insertRestaurants(server.database.db, [
    {
      ...RABBINATE,
      slug: "register-cited",
      name_en: "Register Cited",
      name_he: "מקום מהפנקס",
      certificate_valid_until: "2027-09-20",
      register_published_on: "2027-04-10",
    },
    {
      ...RABBINATE,
      slug: "revoked-place",
      name_en: "Revoked Place",
      name_he: "מקום שבוטל",
      certificate_valid_until: "2027-09-20",
      certificate_revoked_on: "2027-01-05",
    },
    // Six of the eight open, unrevoked Rabbinate certificates end on 20 April: the city's batch date.
    ...Array.from({ length: 6 }, (_, i) => ({
      ...RABBINATE,
      slug: `batch-place-${i}`,
      name_en: `Batch Place ${i}`,
      name_he: `מקום במחזור ${i}`,
      certificate_valid_until: "2027-04-20",
    })),
    {
      ...RABBINATE,
      slug: "own-date",
      name_en: "Own Date",
      name_he: "תאריך משלו",
      certificate_valid_until: "2027-04-19",
    },
  ]);
  revokedId = rows.find((row) => row.slug === "revoked-place")!.id;
});
test.afterAll(async () => {
  await server?.stop();
});

async function at(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({ "x-test-now": NOW });
}

const line = (page: Page) => page.locator("[data-cert]");

test("a certificate from the register says so, with the register's reminder, in English and Hebrew", async ({
  page,
  context,
}) => {
  await at(context);
  await page.goto(`${base}/en/restaurant/register-cited`);
  await expect(page.getByTestId("certificate-source")).toHaveText(
    "Per the Tel Aviv-Yafo Rabbinate's register published on April 10, 2027. Only the original, valid certificate displayed at the business proves its kashrut.",
  );
  await expect(line(page)).toHaveText("Kosher certificate valid until September 20, 2027");
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/restaurant/register-cited`);
  await expect(page.getByTestId("certificate-source")).toHaveText(
    "לפי פנקס הכשרות של רבנות תל אביב-יפו שפורסם ב־10 באפריל 2027. רק תעודת הכשרות המקורית והתקפה המוצגת בעסק מעידה על כשרותו.",
  );
  await expectNoSeriousA11yViolations(page);
  // A certificate typed by hand says nothing of a register.
  await page.goto(`${base}/en/restaurant/own-date`);
  await expect(page.getByTestId("certificate")).toBeVisible();
  await expect(page.getByTestId("certificate-source")).toHaveCount(0);
});

test("a revoked certificate reads revoked on the card and the page, never kosher, in English and Hebrew", async ({
  page,
  context,
}) => {
  await at(context);
  await page.goto(`${base}/en/restaurant/revoked-place`);
  await expect(line(page)).toHaveAttribute("data-cert", "revoked");
  await expect(line(page)).toHaveText("⚠Certificate revoked per the Rabbinate's list of January 5, 2027");
  await expect(page).toHaveTitle(/kosher certificate revoked/);
  await expect(page.locator("[data-doubtful]").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/restaurant/revoked-place`);
  await expect(line(page)).toHaveText("⚠התעודה בוטלה לפי רשימת הרבנות מ־5 בינואר 2027");
  await expect(page).toHaveTitle(/תעודת הכשרות בוטלה/);

  await page.goto(`${base}/`);
  const card = page.getByRole("link", { name: /Revoked Place/ });
  await expect(card.locator("[data-cert]")).toHaveText(
    "⚠Certificate revoked per the Rabbinate's list of January 5, 2027",
  );
  await expect(card.locator("[data-doubtful]")).toBeVisible();
});

test("the days after the city-wide batch date read as the Rabbinate's renewal; another date keeps its own reading", async ({
  page,
  context,
}) => {
  await at(context);
  await page.goto(`${base}/en/restaurant/batch-place-0`);
  await expect(line(page)).toHaveText("⚠The Rabbinate renews all certificates around April 20, 2027; renewal pending");
  await expect(page.locator("[data-doubtful]")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${base}/he/restaurant/batch-place-0`);
  await expect(line(page)).toHaveText("⚠הרבנות מחדשת את כל תעודות הכשרות בסביבות 20 באפריל 2027; התעודה בחידוש");
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/`);
  await expect(page.getByRole("link", { name: /Batch Place 3/ }).locator("[data-cert]")).toHaveText(
    "⚠The Rabbinate renews all certificates around April 20, 2027; renewal pending",
  );
  await expect(page.getByRole("link", { name: /Own Date/ }).locator("[data-cert]")).toHaveText(
    "⚠Kosher certificate renewal pending (expired April 20, 2027)",
  );
});

for (const language of ["en", "he"] as const) {
  test(`an admin clears a revocation on the editor page (${language}); the public page reads by its date again`, async ({
    page,
    context,
  }) => {
    await at(context);
    // Revoked again for the Hebrew run (the English run cleared it).
    await server.database.db
      .update(restaurants)
      .set({ certificate_revoked_on: "2027-01-05" })
      .where(eq(restaurants.id, revokedId));
    const admin = await server.signIn({ role: "admin" });
    await context.addCookies([{ ...admin.cookie, url: base, httpOnly: true, sameSite: "Lax" }]);
    await page.goto(`${base}${dashboardEditPath(revokedId, language)}`);
    const panel = page.getByTestId("revocation-panel");
    await expect(panel).toContainText(language === "en" ? "January 5, 2027" : "5 בינואר 2027");
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole("button", { name: language === "en" ? "Clear the revocation" : "ביטול הסימון" }).click();
    await expect(
      page.getByText(
        language === "en"
          ? "The revocation is cleared; the listing reads by its certificate's date again."
          : "סימון הביטול הוסר; מצב התעודה נקבע שוב לפי תאריך התוקף שלה.",
      ),
    ).toBeVisible();
    await expect(panel).toHaveCount(0);
    await page.goto(`${base}/${language}/restaurant/revoked-place`);
    await expect(line(page)).toHaveAttribute("data-cert", "valid");
  });
}
