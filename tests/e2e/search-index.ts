// The home page loads its search index, and the code that filters it, when the visitor reaches for
// the filters (ADR 008's update of 2026-11-26): tests that filter in the browser do the same (a
// pointer over the search box), then wait until it is there.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export async function reachForFilters(page: Page): Promise<void> {
  await page.locator("#restaurant-search").hover();
  await expect(page.locator("#results[data-index=ready]")).toHaveCount(1);
}
