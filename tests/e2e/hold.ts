import type { Page } from "@playwright/test";

/** Holds the page's requests whose URL matches until released, so a loading state can be seen. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds the page's data requests until released. */
export function holdDataRequests(page: Page): Promise<() => void> {
  return holdRequests(page, /\.data(\?|$)/);
}
