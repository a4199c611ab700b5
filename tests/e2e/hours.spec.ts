// Opening hours that know Shabbat (ADR 016) on the restaurant page, in English and Hebrew, with a
// fixed browser clock: "open now" is read in the browser from the week the server sent, and the
// coming Shabbat's real times are shown. Its own server and database (demo data).
import { eq } from "drizzle-orm";
import {
  statusAt,
  telAvivDayStart,
  telAvivInstant,
  type WeeklyHours,
} from "../../app/features/restaurants/hours/hours";
import { restWindows } from "../../app/features/restaurants/hours/rest-windows.server";
import { restaurants } from "../../database/schema/restaurants";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { reachForFilters } from "./search-index";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
let place: { slug: string; hours: WeeklyHours };

const DAY = 86_400_000;
/** The next `weekday` (0 = Sunday) after today in Tel Aviv, at `hh:mm` Tel Aviv time. */
function next(weekday: number, hhmm: string): number {
  const today = telAvivDayStart(Date.now());
  let day = today + DAY;
  while (new Date(day).getUTCDay() !== weekday) day += DAY;
  const [h, m] = hhmm.split(":").map(Number);
  return telAvivInstant(day, h! * 60 + m!);
}
const weekday = (at: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: "Asia/Jerusalem", weekday: "long" }).format(at);
const clock = (at: number) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Jerusalem",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startInProcess({ demoData: true });
  base = server.baseUrl;
  // A demo restaurant that closes Friday at 15:00 and reopens an hour after Shabbat.
  const rows = await server.database.db.select().from(restaurants).where(eq(restaurants.is_permanently_closed, false));
  const row = rows.find((r) => r.hours?.closedOnShabbat && r.hours.beforeRest.kind === "fixed")!;
  place = { slug: row.slug, hours: row.hours! };
});
test.afterAll(async () => {
  await server?.stop();
});

test("on a weekday afternoon: open now, until its closing time, in English and Hebrew", async ({ page }) => {
  // A weekday this coming week that is no Yom Tov (Monday to Thursday, 13:00).
  const windows = restWindows(new Date(), new Date(Date.now() + 10 * DAY));
  const weekdayAfternoon = [1, 2, 3, 4]
    .map((day) => next(day, "13:00"))
    .find((at) => statusAt(place.hours, windows, at).open)!;
  await page.clock.setFixedTime(weekdayAfternoon);
  await page.goto(`${base}/en/restaurant/${place.slug}`);
  await expect(page.getByTestId("open-status")).toHaveText("Open now · until 23:00");
  await expect(page.getByTestId("open-status")).toHaveAttribute("data-open", "true");
  const week = page.getByTestId("week-hours");
  await expect(week.getByRole("row")).toHaveCount(7);
  await expect(week.getByRole("row").first()).toContainText("Sunday");
  await expect(week.getByRole("row").first()).toContainText("12:00–23:00");
  // Today's row stands out (by the browser's clock).
  await expect(week.locator('tr[aria-current="date"]')).toHaveText(
    new RegExp(`^${weekday(weekdayAfternoon, "en-GB")}`),
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he/restaurant/${place.slug}`);
  await expect(page.getByTestId("open-status")).toHaveText("פתוח עכשיו · עד 23:00");
  await expect(page.getByTestId("week-hours").getByRole("row").last()).toContainText("יום שבת");
});

test("on Friday after the cut-off and on Shabbat: closed for Shabbat, opening after it ends; the coming Shabbat's times", async ({
  page,
}) => {
  const windows = restWindows(new Date(), new Date(Date.now() + 10 * DAY));
  const friday = next(5, "16:00");
  const expected = statusAt(place.hours, windows, friday);
  if (expected.open || expected.opensAt === null) throw new Error("the demo week should be closed on Friday at 16:00");
  await page.clock.setFixedTime(friday);
  await page.goto(`${base}/en/restaurant/${place.slug}`);
  // (Around a Yom Tov the same week says "for the holiday" and may open another day.)
  const why =
    expected.reason === "holiday" ? ["Closed for the holiday", "סגור בחג"] : ["Closed for Shabbat", "סגור בשבת"];
  await expect(page.getByTestId("open-status")).toHaveText(
    `${why[0]} · opens ${weekday(expected.opensAt, "en-GB")} at ${clock(expected.opensAt)}`,
  );
  // The coming Shabbat (or Yom Tov) as the server sees it today: its real times, whatever the week.
  const rest = page.getByTestId("coming-rest");
  await expect(rest).toContainText(/^(This Shabbat|The coming holiday)/);
  await expect(rest).toContainText(/Closes \w+ at \d\d:\d\d · candle lighting \d\d:\d\d/);
  await expect(rest).toContainText(/Opens \w+ at \d\d:\d\d · (Shabbat|the holiday) ends \d\d:\d\d/);

  await page.clock.setFixedTime(friday + 20 * 3_600_000); // Saturday noon
  await page.goto(`${base}/he/restaurant/${place.slug}`);
  await expect(page.getByTestId("open-status")).toHaveText(
    `${why[1]} · נפתח ב${weekday(expected.opensAt, "he-IL")} ב-${clock(expected.opensAt)}`,
  );
  await expect(page.getByTestId("coming-rest")).toContainText(/נסגר ב.+ ב-\d\d:\d\d · הדלקת נרות \d\d:\d\d/);
});

test("one truth: the week's table shows the day after Shabbat opening when the box says it opens; Plan your visit calls the restaurant", async ({
  page,
}) => {
  for (const [language, opens] of [
    ["en", /Opens (\S+) at (\d\d:\d\d)/],
    ["he", /נפתח ב(\S+(?: \S+)?) ב-(\d\d:\d\d)/],
  ] as const) {
    await page.goto(`${base}/${language}/restaurant/${place.slug}`);
    const box = (await page.getByTestId("coming-rest").textContent()) ?? "";
    const [, day, time] = opens.exec(box) ?? [];
    expect(time, box).toBeTruthy();
    // That day's row in the table opens at the same minute, not at the week's usual time.
    const row = page.getByTestId("week-hours").getByRole("row").filter({ hasText: day! });
    await expect(row).toContainText(`${time}–`);
    // A night's range past midnight is not the eve's closing: no "closes … at 01:00" beside candle lighting.
    await expect(page.getByTestId("coming-rest")).not.toContainText(/0[0-4]:\d\d · (candle lighting|הדלקת נרות)/);
  }
  const call = page.getByRole("link", { name: "התקשרו למסעדה" });
  const [row] = await server.database.db.select().from(restaurants).where(eq(restaurants.slug, place.slug));
  await expect(call).toHaveAttribute("href", `tel:${row!.phone_number!.replace(/[^\d+]/g, "")}`);
  await expect(call).toHaveAttribute("ping", /.+/);
  await expect(call).not.toHaveAttribute("target", "_blank");
  await page.goto(`${base}/en/restaurant/${place.slug}`);
  await expect(page.getByRole("link", { name: "Call the restaurant" })).toBeVisible();
});

test("the server's HTML carries no status (a cached page cannot show a stale one), and search engines get the weekly hours", async ({
  request,
}) => {
  const html = await (await request.get(`${base}/en/restaurant/${place.slug}`)).text();
  expect(html).toMatch(/data-testid="open-status"[^>]*><\/p>/);
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  const spec = blocks.find((block) => block["@type"] === "Restaurant")?.openingHoursSpecification as {
    dayOfWeek: string;
    opens: string;
    closes: string;
  }[];
  expect(spec).toContainEqual({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "https://schema.org/Friday",
    opens: "11:00",
    closes: "22:00",
  });
  expect(spec.filter((entry) => entry.dayOfWeek.endsWith("Sunday"))).toHaveLength(1);
});

test("an owner edits the week on a phone: ranges, copy Sunday, Shabbat rules, a live preview, a message for an overlap, then the page shows it", async ({
  page,
  signedInAs,
  browserErrors,
}) => {
  // The refused overlap answers 400, which Chromium logs.
  browserErrors.expect({ text: /status of 400/, url: /\/he\/dashboard\/edit\/[^/]+\/hours\.data$/ });
  await page.setViewportSize({ width: 360, height: 800 });
  await signedInAs("owner", { server, owns: [place.slug] });
  const [row] = await server.database.db.select().from(restaurants).where(eq(restaurants.slug, place.slug));
  await page.goto(`${base}/he/dashboard/edit/${row!.id}`);
  await page.getByTestId("edit-hours").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("שעות פתיחה");
  await expect(page.getByTestId("hours-preview")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  // Two overlapping ranges on Sunday: the Hebrew message, nothing saved.
  const sunday = page.getByTestId("hours-day").first();
  await sunday.getByRole("button", { name: /הוספת שעות/ }).click();
  await page.getByRole("button", { name: "שמירת השעות" }).click();
  await expect(sunday.getByRole("alert")).toHaveText("טווחי השעות של היום חופפים.");
  expect((await server.database.db.select().from(restaurants).where(eq(restaurants.id, row!.id)))[0]!.hours).toEqual(
    place.hours,
  );

  // In English: Sunday 09:00–17:00 only, copied to the weekdays; Friday closes 30 minutes before candle lighting.
  await page.goto(`${base}/dashboard/edit/${row!.id}/hours`);
  const sundayEn = page.getByTestId("hours-day").first();
  await sundayEn.getByLabel("Opens").first().fill("09:00");
  await sundayEn.getByLabel("Closes").first().fill("17:00");
  await page.getByRole("button", { name: "Copy Sunday to Monday–Thursday" }).click();
  await expect(page.getByTestId("hours-day").nth(3).getByLabel("Opens").first()).toHaveValue("09:00");
  await page.getByRole("radio", { name: "Close this many minutes before candle lighting" }).check();
  await page.getByRole("spinbutton", { name: "Minutes" }).first().fill("30");
  // The preview follows as it is typed: a weekday in it shows 09:00–17:00.
  await expect(page.getByTestId("hours-preview")).toContainText("09:00–17:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByText("The opening hours are saved.")).toBeVisible();
  const saved = (await server.database.db.select().from(restaurants).where(eq(restaurants.id, row!.id)))[0]!.hours!;
  expect(saved.days.slice(0, 5).map((day) => day.map((r) => `${r.from}-${r.to}`).join())).toEqual(
    Array(5).fill("09:00-17:00"),
  );
  expect(saved.beforeRest).toEqual({ kind: "candles", minutes: 30 });

  await page.goto(`${base}/en/restaurant/${place.slug}`);
  await expect(page.getByTestId("week-hours").getByRole("row").nth(2)).toContainText("09:00–17:00");
});

test("the home page: each card says open or closed by the browser's clock, and 'Open now' filters, in the URL and without JavaScript", async ({
  page,
  browser,
}) => {
  const windows = restWindows(new Date(), new Date(Date.now() + 10 * DAY));
  const rows = await server.database.db.select().from(restaurants);
  const openAt = (at: number) =>
    rows.filter((row) => row.hours && !row.is_permanently_closed && statusAt(row.hours, windows, at).open);
  const weekdayAfternoon = [1, 2, 3, 4].map((day) => next(day, "13:00")).find((at) => openAt(at).length > 0)!;
  const open = openAt(weekdayAfternoon);
  expect(open.length).toBeGreaterThan(0);
  expect(open.length).toBeLessThan(rows.length);

  await page.clock.setFixedTime(weekdayAfternoon);
  await page.goto(`${base}/`);
  await reachForFilters(page);
  await page.getByLabel("Open now").check();
  await expect(page).toHaveURL(/[?&]open=now/);
  await expect(page.getByTestId("result-count")).toHaveText(
    open.length === 1 ? "1 restaurant found" : `${open.length} restaurants found`,
  );
  await expect(page.getByTestId("card-open").first()).toHaveText("Open now");
  await expect(page.locator('[data-testid="card-open"][data-open="false"]')).toHaveCount(0);

  // On Shabbat noon a place that closes for it says so.
  await page.clock.setFixedTime(next(6, "12:00"));
  const shabbatClosed = rows.find((row) => row.hours?.closedOnShabbat && !row.is_permanently_closed && row.name_he)!;
  // Searched for, so its card is on the first page whatever the order.
  await page.goto(`${base}/he?q=${encodeURIComponent(shabbatClosed.name_en)}`);
  await expect(
    page.getByRole("link", { name: new RegExp(shabbatClosed.name_he!) }).getByTestId("card-open"),
  ).toHaveText(/סגור (בשבת|בחג)/);

  // Without JavaScript the server filters on its own clock; the cards carry no status.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  const before = openAt(Date.now()).length;
  await plain.goto(`${base}/he?open=now`);
  const after = openAt(Date.now()).length;
  await expect(plain.getByLabel("פתוח עכשיו")).toBeChecked();
  const count = (await plain.getByTestId("result-count").textContent()) ?? "";
  expect([before, after].some((n) => count.includes(String(n)) || (n === 0 && /לא נמצאו|0/.test(count)))).toBe(true);
  // The cards' status line is there, empty: the server's HTML (which a cache may keep) says nothing.
  await plain.goto(`${base}/he`);
  await expect(plain.getByTestId("card-open").first()).toHaveText("");
  await context.close();
});
