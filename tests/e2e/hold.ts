import type { Page } from "@playwright/test";

/** Holds the page's data requests until released, so a loading state can be seen. */
export async function holdDataRequests(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
