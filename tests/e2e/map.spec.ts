// Where to eat near me (ADR 017): the List / Map switch and its URL, the map showing exactly the
// filtered results with clusters, popups linking to the page, "Near me" with a mocked position and
// with a refusal, the restaurant page's tile map, and the form's pin and link reading — in English
// and Hebrew, axe clean. Tile requests are answered in the browser (fixtures: answerTiles); the
// test never reaches the network. Its own server and database (the demo restaurants, every place
// located).
import { eq } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { distanceMeters, formatDistance } from "../../app/features/restaurants/map/distance";
import { insertRestaurants } from "../../database/factories";
import { restaurants, type RestaurantRow } from "../../database/schema/restaurants";
import { buildDemoRows, type DemoMedia } from "../../server/ops/demo-data";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { holdRequests } from "./hold";
import { reachForFilters } from "./search-index";
import { startInProcess, type InProcessServer } from "./in-process";

test.describe.configure({ mode: "serial" });

let server: InProcessServer;
let base: string;
let open: RestaurantRow[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The demo restaurants (every one located on its street), without their generated pictures:
  // drawing those takes the machine's cores for seconds, which other tests' servers must not lose.
  server = await startInProcess({ demoData: false });
  base = server.baseUrl;
  const withoutPictures: DemoMedia = { photo: async () => "", pdf: async () => "", menuImages: async () => [] };
  await insertRestaurants(server.database.db, await buildDemoRows(withoutPictures));
  open = await server.database.db.select().from(restaurants);
});
test.afterAll(async () => {
  await server?.stop();
});
// Every map here has its tiles drawn, as a visitor's has.
test.beforeEach(({ tiles }) => void tiles);

/** How many places the map holds: the clusters' counts plus the single pins. */
async function pinsOnMap(page: Page): Promise<number> {
  const map = page.getByTestId("results-map");
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  const clusters = await map.locator(".marker-cluster span").allTextContents();
  const singles = await map.locator(".map-pin").count();
  return clusters.reduce((sum, count) => sum + Number(count), 0) + singles;
}

/** The element's box once it has stopped moving (a map pans with an animation). */
async function settled(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = "";
  let box = await element.boundingBox();
  await expect
    .poll(
      async () => {
        box = await element.boundingBox();
        const now = JSON.stringify(box);
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return box!;
}

const cardNames = (page: Page) =>
  page
    .getByRole("region", { name: /^(Restaurants|מסעדות)$/ })
    .locator("li h3")
    .allTextContents();

test("List / Map: kept in the URL, the map holds exactly the filtered results, clustered", async ({ page }) => {
  const mapCode: string[] = [];
  page.on("request", (request) => {
    if (/\/(?:ResultsMap|leaflet\.client)-[^/]*\.js$/.test(request.url()))
      mapCode.push(new URL(request.url()).pathname);
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  // The map view's code (its own and Leaflet) is not part of the list's page: it comes when the map is opened.
  expect(mapCode).toEqual([]);
  await expect(
    page.getByRole("navigation", { name: "Show the results as" }).getByRole("link", { name: "List", exact: true }),
  ).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.getByRole("link", { name: "Map", exact: true })).toHaveAttribute("aria-current", "true");
  // Forty demo places in a few streets: they crowd, so they cluster.
  await expect(page.getByTestId("results-map").locator(".marker-cluster").first()).toBeVisible();
  expect([...new Set(mapCode.map((file) => file.replace(/-[^/]*$/, "")))].sort()).toEqual([
    "/assets/ResultsMap",
    "/assets/leaflet.client",
  ]);
  // Every result, once the search index (which the map asks for when it opens) is in.
  await expect.poll(() => pinsOnMap(page)).toBe(open.length);

  // Filtered: the map follows the filters, the view stays in the URL beside them.
  await page.getByRole("searchbox", { name: "Search" }).fill("sushi");
  await expect(page).toHaveURL(/q=sushi/);
  await expect(page).toHaveURL(/view=map/);
  const sushi = open.filter((row) => /sushi/i.test(`${row.name_en} ${row.description_en ?? ""} ${row.tags.join(" ")}`));
  expect(sushi.length).toBeGreaterThan(1);
  await expect.poll(() => pinsOnMap(page)).toBe(sushi.length);

  // A reload keeps the map; List goes back to the list alone.
  await page.reload();
  await expect(page.getByTestId("results-map")).toBeVisible();
  await page.getByRole("link", { name: "List", exact: true }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page.getByTestId("results-map")).toHaveCount(0);
  // Like the filters, the switch replaces the address rather than adding a step to Back.
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page.getByTestId("results-map")).toBeVisible();
});

test("a pin's popup is a small card linking to the restaurant's page, in English and Hebrew", async ({ page }) => {
  const row = open.find((r) => r.name_he && !r.is_permanently_closed)!;
  await page.goto(`${base}/?view=map&q=${encodeURIComponent(row.name_en)}`);
  const pin = page.getByTestId("results-map").locator(".map-pin");
  await expect(pin).toHaveCount(1);
  await pin.click();
  const popup = page.locator(".leaflet-popup");
  await expect(popup.getByRole("link", { name: row.name_en })).toBeVisible();
  await expect(popup).toContainText("Kashrut:");
  await popup.getByRole("link", { name: row.name_en }).click();
  await expect(page).toHaveURL(`${base}/en/restaurant/${row.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(row.name_en);

  await page.goto(`${base}/he?view=map&q=${encodeURIComponent(row.name_en)}`);
  await expect(page.getByRole("button", { name: "התקרבות" })).toBeVisible();
  await page.getByTestId("results-map").locator(".map-pin").click();
  const hePopup = page.locator(".leaflet-popup .map-popup");
  await expect(hePopup).toHaveAttribute("dir", "rtl");
  await expect(hePopup.getByRole("link", { name: row.name_he! })).toHaveAttribute("href", `/he/restaurant/${row.slug}`);
  await expect(hePopup).toContainText("כשרות:");
});

test("while the map's code loads, its section holds a placeholder of the map's size with its skip link, and the list does not move when the map arrives", async ({
  page,
}) => {
  const release = await holdRequests(page, /\/ResultsMap-[^/]*\.js$/);
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Map", exact: true }).click();
  const section = page.getByRole("region", { name: "Map of the results" });
  await expect(section.getByText("Loading the map…")).toBeVisible();
  await expect(section.getByRole("link", { name: "Skip the map" })).toBeAttached();
  const list = page.getByRole("region", { name: "Restaurants" });
  const before = await list.boundingBox();
  release();
  await expect(section.getByTestId("results-map").locator(".leaflet-marker-icon").first()).toBeVisible();
  expect((await list.boundingBox())?.y).toBe(before?.y);
});

test("a page drawn with the map open hydrates as it is while the map's code loads, in Hebrew", async ({ page }) => {
  const release = await holdRequests(page, /\/ResultsMap-[^/]*\.js$/);
  await page.goto(`${base}/he?view=map`);
  // The suite's guard fails the test on a hydration error (a page error or console.error).
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  const section = page.getByRole("region", { name: "מפת התוצאות" });
  await expect(section.getByText("המפה נטענת…")).toBeVisible();
  release();
  await expect(section.getByTestId("results-map").locator(".leaflet-marker-icon").first()).toBeVisible();
});

test("an open popup stays open, and the map where it was, while the minutes pass", async ({ page }) => {
  const row = open.find((r) => !r.is_permanently_closed)!;
  await page.clock.install();
  await page.goto(`${base}/?view=map&q=${encodeURIComponent(row.name_en)}`);
  const map = page.getByTestId("results-map");
  await map.locator(".map-pin").click();
  // The fake clock drives Leaflet's animations too: let the popup's pan finish.
  await page.clock.runFor(2_000);
  await expect(page.locator(".leaflet-popup")).toBeVisible();
  const view = await map.locator(".leaflet-map-pane").getAttribute("style");
  // The cards' "open now" follows the clock every 30 s; the map must not redraw and close the popup.
  await page.clock.runFor(3 * 60_000);
  await expect(page.locator(".leaflet-popup")).toBeVisible();
  expect(await map.locator(".leaflet-map-pane").getAttribute("style")).toBe(view);
});

test("the map is no trap for the keyboard: a skip link jumps to the list, and Tab leaves the map; axe clean in both languages", async ({
  page,
}) => {
  await page.goto(`${base}/?view=map`);
  await expect(page.getByTestId("results-map").locator(".marker-cluster").first()).toBeVisible();
  const skip = page.getByRole("link", { name: "Skip the map" });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#results")).toBeFocused();

  // Into the map, then on with Tab: focus comes out after its controls and pins.
  await page.getByTestId("results-map").focus();
  let outside = false;
  for (let presses = 0; presses < 80 && !outside; presses++) {
    await page.keyboard.press("Tab");
    outside = await page.evaluate(
      () => !document.querySelector('[data-testid="results-map"]')?.contains(document.activeElement),
    );
  }
  expect(outside).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`${base}/he?view=map`);
  await expect(page.getByRole("link", { name: "דילוג על המפה" })).toBeAttached();
  await expect(page.getByRole("link", { name: "מפה", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("results-map").locator(".marker-cluster").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("with less motion asked for, the map moves at once: a pan by the arrow keys and a zoom run no animation", async ({
  page,
}) => {
  // The suite's browser asks for less motion (playwright.config.ts). Leaflet animates a pan in script
  // and a zoom with a CSS transition unless told not to.
  await page.goto(`${base}/?view=map`);
  const map = page.getByTestId("results-map");
  await expect(map.locator(".marker-cluster").first()).toBeVisible();
  const pane = map.locator(".leaflet-map-pane");
  const before = await pane.evaluate((element) => getComputedStyle(element).transform);
  await map.focus();
  await page.keyboard.press("ArrowRight");
  // Read at once: an animated pan would still be under way (a quarter of a second), its class on.
  const panned = await pane.evaluate((element) => ({
    animating: element.classList.contains("leaflet-pan-anim"),
    transform: getComputedStyle(element).transform,
  }));
  expect(panned.animating).toBe(false);
  expect(panned.transform).not.toBe(before);

  await map.getByRole("button", { name: "Zoom in" }).click();
  const zoomed = await map.evaluate((element) => ({
    animating: element.querySelector(".leaflet-zoom-anim") !== null,
    running: document.getAnimations().length,
  }));
  expect(zoomed).toEqual({ animating: false, running: 0 });
});

test.describe("Near me", () => {
  const nearest = () => open.find((row) => row.slug === "pita-lab") ?? open[3]!;

  test.use({ permissions: ["geolocation"] });

  test("asks only when pressed, then sorts nearest first with distances, in English and Hebrew", async ({
    page,
    context,
  }) => {
    const here = nearest();
    await context.setGeolocation({ latitude: here.latitude!, longitude: here.longitude! });
    await page.goto(`${base}/`);
    await reachForFilters(page);
    await expect(page.getByTestId("card-distance")).toHaveCount(0);
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page).toHaveURL(/sort=distance/);
    await expect(page.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("near-me-status")).toHaveText("Nearest first: your location stays in this browser.");

    // The order and the distances are the ones computed from the stored coordinates.
    const point = { lat: here.latitude!, lng: here.longitude! };
    const expected = [...open]
      .map((row) => ({ name: row.name_en, meters: distanceMeters(point, { lat: row.latitude!, lng: row.longitude! }) }))
      .sort((a, b) => a.meters - b.meters);
    // (Two places at one address may come in either order: the distances are what must agree.)
    await expect.poll(async () => (await cardNames(page))[0]).toBe(here.name_en);
    const distances = page.getByTestId("card-distance");
    await expect(distances.first()).toHaveText("10 m away");
    expect((await distances.allTextContents()).slice(0, 8)).toEqual(
      expected.slice(0, 8).map((row) => `${formatDistance(row.meters, "en")} away`),
    );

    await page.goto(`${base}/he`);
    await reachForFilters(page);
    await page.getByRole("button", { name: "קרוב אליי" }).click();
    await expect(page.getByTestId("card-distance").first()).toHaveText("במרחק 10 מ׳");
    await expect(page.getByTestId("card-distance").nth(4)).toHaveText(
      `במרחק ${formatDistance(expected[4]!.meters, "he")}`,
    );

    // The position is not sent anywhere: no request carries it.
    const sent: string[] = [];
    page.on("request", (request) => sent.push(`${request.url()} ${request.postData() ?? ""}`));
    await page.getByRole("link", { name: "מפה", exact: true }).click();
    await expect(page.getByTestId("results-map")).toBeVisible();
    expect(sent.filter((line) => line.includes(String(here.latitude)))).toEqual([]);
  });

  test("sort=distance without a position keeps the usual order", async ({ page }) => {
    await page.goto(`${base}/`);
    const usual = await cardNames(page);
    await page.goto(`${base}/?sort=distance`);
    await reachForFilters(page);
    expect(await cardNames(page)).toEqual(usual);
    await expect(page.getByTestId("card-distance")).toHaveCount(0);
  });
});

test.describe("Near me refused", () => {
  test.beforeEach(async ({ context }) => {
    // The visitor says no (or the browser does): the error callback with PERMISSION_DENIED.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "geolocation", {
        value: {
          getCurrentPosition: (_ok: unknown, fail: (error: { code: number }) => void) =>
            setTimeout(() => fail({ code: 1 }), 10),
        },
      });
    });
  });

  test("says why in the page's language, and nothing else changes", async ({ page }) => {
    await page.goto(`${base}/`);
    await reachForFilters(page);
    const before = await cardNames(page);
    const url = page.url();
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page.getByTestId("near-me-status")).toHaveText(
      /Location access was not allowed, so the list is as it was/,
    );
    expect(await cardNames(page)).toEqual(before);
    expect(page.url()).toBe(url);
    await expect(page.getByTestId("card-distance")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "false");

    await page.goto(`${base}/he`);
    await page.getByRole("button", { name: "קרוב אליי" }).click();
    await expect(page.getByTestId("near-me-status")).toHaveText(/לא התקבל אישור לגישה למיקום/);
  });
});

test("without JavaScript the map view keeps the list and the filters keep the view", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/?view=map`);
  await expect(page.getByText("Loading the map…")).toBeVisible();
  await expect(page.getByRole("region", { name: "Restaurants" }).locator("li")).not.toHaveCount(0);
  await page.getByRole("checkbox", { name: "Open now" }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByRole("button", { name: "Near me" })).toBeDisabled();
  await context.close();
});

test("the restaurant page shows the place on a small tile map, lazy, with the tiles' credit and coordinates in its data", async ({
  page,
  tiles,
}) => {
  const row = open.find((r) => !r.is_permanently_closed)!;
  await page.goto(`${base}/en/restaurant/${row.slug}`);
  const figure = page.getByTestId("place-map");
  // The address is isolated in the label (FSI…PDI), so a Hebrew label keeps an English street in order.
  await expect(figure.getByRole("img", { name: `Map of the area around \u2068${row.address}\u2069` })).toBeAttached();
  await expect(figure.getByRole("link", { name: "© OpenStreetMap contributors" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/copyright",
  );
  const images = figure.locator("img");
  await expect(images.first()).toHaveAttribute("loading", "lazy");
  await figure.scrollIntoViewIfNeeded();
  await expect.poll(() => tiles.filter((path) => path.startsWith("/16/")).length).toBeGreaterThan(0);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((text) => text.includes(`"latitude":${row.latitude}`))).toBe(true);

  await page.goto(`${base}/he/restaurant/${row.slug}`);
  await expect(page.getByTestId("place-map").getByRole("img", { name: new RegExp(`^מפת הסביבה של`) })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
});

test.describe("the restaurant form's location", () => {
  const ownedRow = () => open.find((r) => r.slug === "nonna-shira") ?? open[4]!;
  const stored = async (id: string) =>
    (await server.database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0]!;

  test("a link with coordinates sets the pin, one without says so; a tap moves it; outside Israel is refused; saved in English", async ({
    page,
    signedInAs,
  }) => {
    const row = ownedRow();
    await signedInAs("owner", { server, owns: [row.slug] });
    await page.goto(`${base}/dashboard/edit/${row.id}`);
    const latitude = page.getByRole("textbox", { name: "Latitude" });
    const longitude = page.getByRole("textbox", { name: "Longitude" });
    await expect(latitude).toHaveValue(String(row.latitude));
    await expect(longitude).toHaveValue(String(row.longitude));
    await expect(page.getByTestId("pin-map").locator(".map-pin")).toBeVisible();

    const link = page.getByRole("textbox", { name: "Navigation app link (Waze)" });
    await link.fill(
      "https://www.google.com/maps/place/Somewhere/@32.0700,34.7600,17z/data=!4m2!3m1!8m2!3d32.071234!4d34.763321",
    );
    await page.getByRole("button", { name: "Take the location from the navigation link" }).click();
    await expect(latitude).toHaveValue("32.071234");
    await expect(longitude).toHaveValue("34.763321");
    await expect(page.getByTestId("location-reading")).toHaveText("The location was taken from the link.");

    await link.fill("https://waze.com/ul?q=Dizengoff%20Square");
    await page.getByRole("button", { name: "Take the location from the navigation link" }).click();
    await expect(page.getByTestId("location-reading")).toContainText("This link holds no coordinates");
    await expect(latitude).toHaveValue("32.071234");

    // A tap on the map drops the pin there (once the map has finished moving to the link's place).
    const map = page.getByTestId("pin-map");
    const pin = map.locator(".map-pin");
    await settled(pin);
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect(latitude).not.toHaveValue("32.071234");
    const tapped = { lat: Number(await latitude.inputValue()), lng: Number(await longitude.inputValue()) };
    expect(tapped.lat).toBeLessThan(32.071234);
    expect(tapped.lng).toBeLessThan(34.763321);

    // Dragging the pin moves it too (taken where it now stands, not where it was a frame ago).
    const pinBox = await settled(pin);
    await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(pinBox.x + pinBox.width / 2 + 60, pinBox.y + pinBox.height / 2 - 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(tapped.lng);

    // Outside Israel: the message, and nothing is saved.
    await latitude.fill("35.1264");
    await longitude.fill("33.4299");
    await expect(page.getByText("The location must be in Israel")).toBeVisible();
    await page.getByRole("button", { name: "Save Restaurant" }).click();
    expect((await stored(row.id)).latitude).toBe(row.latitude);

    await latitude.fill("32.0801");
    await longitude.fill("34.7702");
    await link.fill("");
    await page.getByRole("button", { name: "Save Restaurant" }).click();
    await expect.poll(async () => (await stored(row.id)).latitude).toBe(32.0801);
    expect((await stored(row.id)).longitude).toBe(34.7702);
    await expectNoSeriousA11yViolations(page);
  });

  test("in Hebrew: the labels, the refusals and the link message", async ({ page, signedInAs }) => {
    const row = open.find((r) => r.slug !== ownedRow().slug && !r.is_permanently_closed)!;
    await signedInAs("owner", { server, owns: [row.slug] });
    await page.goto(`${base}/he/dashboard/edit/${row.id}`);
    const latitude = page.getByRole("textbox", { name: "קו רוחב" });
    await latitude.fill("12");
    await expect(page.getByText("המיקום חייב להיות בישראל")).toBeVisible();
    await page.getByRole("textbox", { name: "קו אורך" }).fill("");
    await expect(page.getByText("יש להזין גם קו רוחב וגם קו אורך, או אף אחד מהם")).toBeVisible();
    await page.getByRole("textbox", { name: "קישור לניווט (Waze)" }).fill("https://waze.com/ul?q=x");
    await page.getByRole("button", { name: "לקחת את המיקום מקישור הניווט" }).click();
    await expect(page.getByTestId("location-reading")).toContainText("בקישור הזה אין קואורדינטות");
    await expectNoSeriousA11yViolations(page);
  });
});
