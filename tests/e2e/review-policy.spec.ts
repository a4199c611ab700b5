// The published review policy, English and Hebrew: readable without JavaScript, every hold signal
// and report reason listed, linked with the privacy policy's reviews section both ways, axe clean,
// and no sideways scroll on a 360 px phone.
import type { Page } from "@playwright/test";
import { HOLD_SIGNALS, REVIEW_REPORT_REASONS } from "../../database/reviews";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";

const PAGES = [
  {
    path: "/review-policy",
    language: "en",
    dir: "ltr",
    title: "Review Policy",
    held: "When a review waits for an administrator",
    reports: "Reporting a review",
    sentiment: /never held for what it thinks of the place/,
    privacy: { link: "Privacy Policy: reviews", heading: "Reviews", back: "Review Policy" },
  },
  {
    path: "/he/review-policy",
    language: "he",
    dir: "rtl",
    title: "מדיניות הביקורות",
    held: "מתי ביקורת ממתינה למנהל",
    reports: "דיווח על ביקורת",
    sentiment: /אף פעם אינה מעוכבת בגלל הדעה שלה/,
    privacy: { link: "מדיניות פרטיות: ביקורות", heading: "ביקורות", back: "מדיניות הביקורות" },
  },
] as const;

/** The list under a section's heading. */
const listUnder = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { level: 2, name: heading }) }).getByRole("listitem");

for (const policy of PAGES) {
  test.describe(`the review policy (${policy.language})`, () => {
    test("lists every hold signal and report reason, is axe clean, and links to the privacy policy and back", async ({
      page,
    }) => {
      await page.goto(policy.path);
      await expect(page.locator("html")).toHaveAttribute("lang", policy.language);
      await expect(page.locator("html")).toHaveAttribute("dir", policy.dir);
      await expect(page.getByRole("heading", { level: 1, name: policy.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(policy.title));
      await expect(listUnder(page, policy.held)).toHaveCount(HOLD_SIGNALS.length);
      await expect(listUnder(page, policy.reports)).toHaveCount(REVIEW_REPORT_REASONS.length);
      await expect(page.getByText(policy.sentiment)).toBeVisible();
      // The section a review's page links to ("#held") is there to land on.
      await expect(page.locator("section#held")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole("link", { name: policy.privacy.link }).click();
      await expect(page).toHaveURL(new RegExp(`${policy.language === "he" ? "/he" : ""}/privacy-policy#reviews$`));
      const reviews = page.locator("section#reviews");
      await expect(reviews.getByRole("heading", { level: 2, name: policy.privacy.heading })).toBeVisible();
      await reviews.getByRole("link", { name: policy.privacy.back }).click();
      await expect(page).toHaveURL(new RegExp(`${policy.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: policy.title })).toBeVisible();
    });

    test("is whole without JavaScript, and fits a 360 px phone", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      await page.goto(policy.path);
      await expect(page.getByRole("heading", { level: 1, name: policy.title })).toBeVisible();
      await expect(listUnder(page, policy.held)).toHaveCount(HOLD_SIGNALS.length);
      const { width, view } = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      expect(width, `${policy.path} is ${width} px wide in a ${view} px window`).toBeLessThanOrEqual(view);
      await context.close();
    });
  });
}

test("the sitemap page lists the review policy", async ({ page }) => {
  await page.goto("/sitemap");
  await expect(page.getByRole("row", { name: /\/review-policy/ })).toBeVisible();
});
