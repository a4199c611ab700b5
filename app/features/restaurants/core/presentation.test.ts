import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { compareForListing } from "./listing-order";
import { rowToRestaurant } from "./mapping";
import {
  isPdfLink,
  kashrutWebsiteButton,
  menuKind,
  restaurantDescription,
  restaurantJsonLd,
  restaurantPageJsonLd,
  restaurantTitle,
} from "./presentation";

const r = (overrides: Parameters<typeof buildRestaurantRow>[0]) => rowToRestaurant(buildRestaurantRow(overrides));

describe("kashrut website button", () => {
  it("appears for tzohar, rabanut and mehadrin with a website, with the spec's labels", () => {
    const site = "https://kashrut.example.org/x";
    expect(kashrutWebsiteButton(r({ kashrut: "tzohar", kashrut_website: site }))).toEqual({
      href: site,
      label: "kashrutSite.tzohar",
    });
    expect(kashrutWebsiteButton(r({ kashrut: "rabanut", kashrut_website: site }))?.label).toBe("kashrutSite.rabanut");
    expect(kashrutWebsiteButton(r({ kashrut: "mehadrin", kashrut_website: site }))?.label).toBe("kashrutSite.rabanut");
  });
  it("does not appear for unknown kashrut or without a website", () => {
    expect(kashrutWebsiteButton(r({ kashrut: "unknown", kashrut_website: "https://x.example" }))).toBeUndefined();
    expect(kashrutWebsiteButton(r({ kashrut: "tzohar", kashrut_website: null }))).toBeUndefined();
  });
});

describe("menu kind", () => {
  it("is derived as the spec says: images, else pdf link, else link, else none", () => {
    const image = { url: "/uploads/m-800.webp", name: "m" };
    expect(menuKind({ menuImages: [image], menuLink: "https://x.example/menu.pdf" })).toBe("images");
    expect(menuKind({ menuImages: [], menuLink: "https://x.example/menu.PDF" })).toBe("pdf");
    expect(menuKind({ menuImages: [], menuLink: "https://x.example/menu" })).toBe("link");
    expect(menuKind({ menuImages: [] })).toBe("none");
  });
  it("recognises a PDF link with a query string or fragment", () => {
    expect(isPdfLink("/uploads/restaurant-menus/pdf_x.pdf?v=2")).toBe(true);
    expect(isPdfLink("https://x.example/pdf-menu")).toBe(false);
  });
});

describe("title and description", () => {
  const restaurant = r({
    name_en: "Olive Grill",
    name_he: "גריל הזית",
    kashrut: "mehadrin",
    tags: ["Meat", "Grill", "Wine", "Date"],
  });
  it("use the name, the kashrut label and the first 3 tags, in English", () => {
    expect(restaurantTitle(restaurant, "en")).toBe("Olive Grill | Kosher restaurant (Mehadrin) in Tel Aviv");
    expect(restaurantDescription(restaurant, "en")).toBe(
      "Olive Grill: kosher restaurant in Tel Aviv, Mehadrin kashrut. Meat, Grill, Wine.",
    );
  });
  it("and in Hebrew", () => {
    expect(restaurantTitle(restaurant, "he")).toBe("גריל הזית | מסעדה כשרה (מהדרין) בתל אביב");
    expect(restaurantDescription(restaurant, "he")).toBe(
      "גריל הזית: מסעדה כשרה בתל אביב, כשרות מהדרין. בשרי, גריל, יין.",
    );
  });
  it("leave out the tag list when there are no tags", () => {
    expect(restaurantDescription(r({ name_en: "Plain", tags: [], kashrut: "tzohar" }), "en")).toBe(
      "Plain: kosher restaurant in Tel Aviv, Tzohar kashrut.",
    );
  });
});

describe("structured data", () => {
  it("describes a schema.org Restaurant with what is known, and nothing that is not", () => {
    const data = restaurantJsonLd(
      r({ name_en: "Olive Grill", phone_number: "03-1", tags: ["Meat"] }),
      "en",
      "https://k.example/en/restaurant/olive",
    );
    expect(data).toMatchObject({
      "@type": "Restaurant",
      name: "Olive Grill",
      telephone: "03-1",
      servesCuisine: ["Meat"],
    });
    expect(data.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "IL" });
    expect("image" in data).toBe(false);
    expect("acceptsReservations" in data).toBe(false);
    expect("geo" in data).toBe(false);
  });

  it("gives the place's coordinates when it has them", () => {
    const data = restaurantJsonLd(
      r({ name_en: "Olive Grill", latitude: 32.0779, longitude: 34.7741 }),
      "en",
      "https://k.example/en/restaurant/olive",
    );
    expect(data).toMatchObject({ geo: { "@type": "GeoCoordinates", latitude: 32.0779, longitude: 34.7741 } });
  });

  it("dates the restaurant page and points it at the restaurant", () => {
    const url = "https://k.example/en/restaurant/olive";
    const page = restaurantPageJsonLd(url, "2026-09-10");
    expect(page).toEqual({
      "@context": "https://schema.org",
      "@type": "WebPage",
      url,
      dateModified: "2026-09-10",
      about: { "@id": `${url}#restaurant` },
    });
    expect(restaurantJsonLd(r({ name_en: "Olive Grill" }), "en", url)["@id"]).toBe(`${url}#restaurant`);
  });
});

describe("ordering", () => {
  it("puts restaurants with a photo first, then tzohar first", () => {
    const list = [
      r({ name_en: "D", kashrut: "rabanut" }),
      r({ name_en: "C", kashrut: "tzohar" }),
      r({ name_en: "B", kashrut: "rabanut", photo: "/p-1200.webp" }),
      r({ name_en: "A", kashrut: "tzohar", photo: "/p-1200.webp" }),
    ];
    expect(list.sort(compareForListing).map((x) => x.name.en)).toEqual(["A", "B", "C", "D"]);
  });
});
