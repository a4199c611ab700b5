// The Rabbinate's register (ADR 033) in a real browser, in English and Hebrew, on a server of its
// own (it changes listings): an admin uploads the register's CSV, reviews it by grade, applies the
// renewal in one step and sees the new date on the public page, undoes it; an unmatched place to
// eat becomes a lead in the suggestions queue; a partial list (the real snapshot that stops
// mid-alphabet) is refused and kept with a reason; the revoked list applied reads "revoked" on the
// public page at once; a register page saved from a browser is read and dated by its own day; the
// national portal's JSON is read by itself and its level and meat/dairy are applied one by one.
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { formatLongDate } from "../../app/lib/dates";
import { insertRestaurant } from "../../database/factories";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, waitForAppOnLoad } from "./fixtures";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;

// 2027-04-20 at midnight in Tel Aviv, as the scraper's CSV writes it (Unix seconds).
const APRIL_20 = String(Date.UTC(2027, 3, 19, 21) / 1000);
const ROWS: [string, string, string][] = [
  ["אגדה", "מסעדה בשרית", "דיזנגוף 10"],
  ["בית הקפה", "בית קפה", "אבן גבירול 20"],
  ["גלידה טובה", "גלידרייה", "הירקון 5"],
  ["מפעל הלחם", "מפעל", "המסגר 40"],
  ["מסעדה חדשה", "מסעדה בשרית", "שינקין 7"],
  ["שמש", "מסעדה בשרית", "בן יהודה 1"],
  ["תמר", "בית קפה", "קינג ג'ורג' 2"],
];
const CSV = Buffer.from(
  [
    "kosher_date,href,post_title,business_type,wrap_address,wrap_congregation,wrap_phone",
    ...ROWS.map(([name, type, address]) => `${APRIL_20},https://example.org/b/${name},${name},${type},${address},,`),
  ].join("\n"),
);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: false });
  base = server.baseUrl;
  for (const [slug, nameEn, nameHe, addressHe] of [
    ["agada", "Agada", "אגדה", "דיזנגוף 10"],
    ["the-cafe", "The Cafe", "בית הקפה", "אבן גבירול 20"],
    ["burger-station", "Burger Station", "בורגר סטיישן", "דיזנגוף 99"],
  ] as const)
    await insertRestaurant(server.database.db, {
      slug,
      name_en: nameEn,
      name_he: nameHe,
      address: `${nameEn} St 1`,
      address_he: addressHe,
      kashrut: "rabanut",
      certificate_body: "rabbinate_tel_aviv",
      certificate_level: "regular",
      certificate_valid_until: "2026-10-02",
    });
});
test.afterAll(async () => {
  await server?.stop();
});

async function admin(context: BrowserContext): Promise<Page> {
  const user = await server.signIn({ role: "admin" });
  await context.addCookies([{ ...user.cookie, url: base, httpOnly: true, sameSite: "Lax" }]);
  return waitForAppOnLoad(await context.newPage());
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel(/^(Register file|קובץ הפנקס)/).setInputFiles({ name, mimeType: "text/csv", buffer });
  await page.getByRole("button", { name: /^(Import|ייבוא)$/ }).click();
}

test("upload, review, renew in one step and see it on the public page, undo; in English", async ({ context }) => {
  const page = await admin(context);
  await page.goto(`${base}/dashboard`);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kashrut register" })).toBeVisible();
  await expect(page.getByText("No register has been imported yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await upload(page, "tel-aviv.csv", CSV);
  await expect(page.getByText("The register was imported. Review it before applying.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /^Register as published on / })).toBeVisible();
  const grades = page.getByRole("navigation", { name: "Entries by grade" });
  await expect(grades.getByRole("link", { name: "Exact (2)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("register-entry")).toHaveCount(2);
  await expect(page.getByTestId("register-entry").first()).toContainText("Paired with Agada");
  await expectNoSeriousA11yViolations(page);

  const april = formatLongDate("2027-04-20", "en");
  await page.getByRole("button", { name: `Apply valid until ${april} to 2 matched listings` }).click();
  await expect(page.getByText("The renewal was applied.")).toBeVisible();
  await expect(page.getByTestId("register-renewal")).toContainText(`Valid until ${april} was applied to 2 listings.`);

  const listing = waitForAppOnLoad(await context.newPage());
  await listing.goto(`${base}/en/restaurant/agada`);
  await expect(listing.getByTestId("certificate")).toContainText(april);

  await page.getByRole("button", { name: "Undo this renewal" }).click();
  await expect(page.getByText("The renewal was undone.")).toBeVisible();
  await listing.reload();
  await expect(listing.getByTestId("certificate")).not.toContainText(april);
  // Back to its old last day (2 October: "expired on" the day after).
  await expect(listing.getByTestId("certificate")).toContainText(formatLongDate("2026-10-03", "en"));
});

test("in Hebrew: renew again, a lead in the suggestions queue, the list of snapshots", async ({ context }) => {
  const page = await admin(context);
  await page.goto(`${base}/he/dashboard/register`);
  await expect(page.getByRole("heading", { level: 1, name: "פנקס הכשרות" })).toBeVisible();
  const snapshot = page.getByTestId("register-snapshot").first();
  await expect(snapshot).toContainText("7 עסקים");
  await expect(snapshot).toContainText("לא הוחל");
  await snapshot.getByRole("link", { name: "מעבר על הרשימה" }).click();
  const april = formatLongDate("2027-04-20", "he");
  await page.getByRole("button", { name: `להחיל תוקף עד ${april} על 2 רשומות מותאמות` }).click();
  await expect(page.getByText("החידוש הוחל.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole("navigation", { name: "רשומות הפנקס לפי דרגת התאמה" })
    .getByRole("link", { name: "חדש (5)" })
    .click();
  const sun = page.getByTestId("register-entry").filter({ hasText: "שמש" });
  await expect(sun).toContainText("מקום אוכל");
  await sun.getByRole("button", { name: "לשלוח לתור ההצעות" }).click();
  await expect(page.getByText("נשלח לתור ההצעות.")).toBeVisible();
  await expect(page.getByTestId("register-entry").filter({ hasText: "שמש" })).toContainText("נשלח להצעות");
  // The factory is no place to eat: no button to send it.
  await expect(
    page
      .getByTestId("register-entry")
      .filter({ hasText: "מפעל הלחם" })
      .getByRole("button", { name: "לשלוח לתור ההצעות" }),
  ).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/dashboard/suggestions`);
  await expect(page.getByText("שמש").first()).toBeVisible();
  await expect(page.getByText("בן יהודה 1, תל אביב-יפו").first()).toBeVisible();

  const listing = waitForAppOnLoad(await context.newPage());
  await listing.goto(`${base}/he/restaurant/agada`);
  await expect(listing.getByTestId("certificate")).toContainText(april);
});

test("a partial list is refused, then kept with a reason; in English and Hebrew", async ({
  context,
  browserErrors,
}) => {
  // The refusal answers 409 (a conflict with the last list), which Chromium logs as a failed load.
  browserErrors.expect({ text: /status of 409/, url: /\/dashboard\/register\.data$/ });
  const page = await admin(context);
  const real = readFileSync("tests/fixtures/register/tel-aviv-2024-04-10.csv");
  await page.goto(`${base}/dashboard/register`);
  await upload(page, "tel-aviv-2024-04-10.csv", real);
  await expect(page.getByText("This list stops before the end of the alphabet. It looks partial.")).toBeVisible();
  await expect(page.getByText("A partial list is kept only with a reason.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/dashboard/register`);
  await upload(page, "tel-aviv-2024-04-10.csv", real);
  await expect(page.getByText("הרשימה נעצרת לפני סוף האלף-בית. היא נראית חלקית.")).toBeVisible();
  await page.getByLabel("למה לשמור את הרשימה בכל זאת").fill("הסורק עצר בעמוד התשיעי; שומרים לבדיקה");
  await page
    .getByLabel("קובץ הפנקס")
    .setInputFiles({ name: "tel-aviv-2024-04-10.csv", mimeType: "text/csv", buffer: real });
  await page.getByLabel("תאריך הפרסום").fill("2024-04-10");
  await page.getByRole("button", { name: "ייבוא" }).click();
  await expect(page.getByText("הפנקס יובא. כדאי לעבור עליו לפני שמחילים אותו.")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: `הפנקס כפי שפורסם ב-${formatLongDate("2024-04-10", "he")}` }),
  ).toBeVisible();
  await page.getByRole("link", { name: "כל הרשימות שיובאו" }).click();
  await expect(page.getByTestId("register-snapshot").filter({ hasText: "הסורק עצר" })).toContainText("720 עסקים");
});

test("a revoked list applied: the listing reads revoked at once; a saved register page is read too", async ({
  context,
}) => {
  const page = await admin(context);
  await page.goto(`${base}/he/dashboard/register`);
  await page.getByLabel("קובץ הפנקס").setInputFiles({
    name: "revoked.csv",
    mimeType: "text/csv",
    buffer: readFileSync("tests/fixtures/register/revoked.csv"),
  });
  await page.getByLabel("תאריך הפרסום").fill("2026-11-20");
  await page.getByRole("button", { name: "ייבוא" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `התעודות שנשללו כפי שפורסמו ב-${formatLongDate("2026-11-20", "he")}` }),
  ).toBeVisible();
  await expect(page.getByTestId("register-entry").filter({ hasText: "בורגר סטיישן" })).toContainText("מותאם ל");
  await page.getByRole("button", { name: "להחיל את השלילות" }).click();
  await expect(page.getByText("השלילות הוחלו.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const listing = waitForAppOnLoad(await context.newPage());
  await listing.goto(`${base}/en/restaurant/burger-station`);
  await expect(listing.getByText("The Rabbinate's list of revoked certificates names this place.")).toBeVisible();

  // A page of the register saved from a browser: read, and dated by the day the page says it was updated.
  await page.goto(`${base}/dashboard/register`);
  await upload(page, "saved-page-1.html", readFileSync("tests/fixtures/register/saved-page-1.html"));
  await expect(page.getByText("The register was imported. Review it before applying.")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: `Register as published on ${formatLongDate("2024-06-27", "en")}` }),
  ).toBeVisible();
  await expect(page.getByText("saved-page-1.html · 12 businesses")).toBeVisible();
});

test("the national portal's JSON: read by itself, its level and meat/dairy applied one by one; in Hebrew and English", async ({
  context,
}) => {
  const listing = await insertRestaurant(server.database.db, {
    slug: "zayit",
    name_en: "Zayit",
    name_he: "זית",
    address: "3 Allenby St",
    address_he: "אלנבי 3",
    kashrut: "rabanut",
    certificate_body: "rabbinate_tel_aviv",
    certificate_level: "regular",
    certificate_valid_until: "2026-10-02",
  });
  // The portal's records (the lists' names and one more, mehadrin and dairy), as the portal writes them.
  const record = (name: string, address: string, level: string, kind: string) => ({
    SiteName: name,
    SiteAddress: address,
    CityName: "תל אביב - יפו",
    lstKosherCertificateIssued: [
      { KosherLevel: { Name: level }, KosherType: { Name: kind }, ValidTo: "2027-04-20T00:00:00" },
    ],
  });
  const portal = Buffer.from(
    JSON.stringify({
      IsSuccess: true,
      Data: [
        ...ROWS.map(([name, , address]) => record(name, address, "כשרות רגילה", "בשרי")),
        record("זית", "אלנבי 3", "מהדרין", "חלבי"),
      ],
    }),
  );
  const page = await admin(context);
  await page.goto(`${base}/he/dashboard/register`);
  await page
    .getByLabel("קובץ הפנקס")
    .setInputFiles({ name: "portal.json", mimeType: "application/json", buffer: portal });
  await page.getByRole("button", { name: "ייבוא" }).click();
  await expect(page.getByText("הפנקס יובא. כדאי לעבור עליו לפני שמחילים אותו.")).toBeVisible();
  const zayit = page.getByTestId("register-entry").filter({ hasText: "זית" });
  await expect(zayit).toContainText("מותאם ל");
  await zayit.getByRole("button", { name: "להחיל את רמת הכשרות והסוג" }).click();
  await expect(page.getByText("השינוי הוחל על הרשומה.")).toBeVisible();
  await expect(page.getByTestId("register-entry").filter({ hasText: "זית" })).toContainText("השינוי הוחל");
  await expectNoSeriousA11yViolations(page);

  // The same snapshot in English says so too; the listing is now mehadrin and dairy, on its page and in its form.
  await page.goto(page.url().replace("/he/dashboard/", "/dashboard/"));
  await expect(page.getByTestId("register-entry").filter({ hasText: "זית" })).toContainText("Change applied");
  const publicPage = waitForAppOnLoad(await context.newPage());
  await publicPage.goto(`${base}/en/restaurant/zayit`);
  await expect(publicPage.getByTestId("certificate")).toContainText("Mehadrin");
  await page.goto(`${base}/dashboard/edit/${listing.id}`);
  const kashrut = page.getByTestId("certificate-fieldset");
  await expect(kashrut.getByLabel("Level", { exact: true })).toHaveValue("mehadrin");
  await expect(kashrut.getByLabel(/^Meat, dairy or parve/)).toHaveValue("dairy");
});
