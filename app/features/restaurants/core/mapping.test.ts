import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { formValuesToRow, restaurantToFormValues, rowToRestaurant, slugFromName } from "./mapping";

describe("rowToRestaurant", () => {
  it("builds bilingual name and description objects in camelCase", () => {
    const restaurant = rowToRestaurant(
      buildRestaurantRow({
        name_en: "Olive Tree",
        name_he: "עץ הזית",
        description_en: "Grill by the sea",
        description_he: "גריל על הים",
        phone_number: "03-555-0101",
        opening_hours: "Sun–Thu 12:00–23:00",
        waze_link: "https://waze.example/olive",
        online_order_link: "https://order.example/olive",
        is_permanently_closed: true,
      }),
    );
    expect(restaurant.name).toEqual({ en: "Olive Tree", he: "עץ הזית" });
    expect(restaurant.description).toEqual({ en: "Grill by the sea", he: "גריל על הים" });
    expect(restaurant.phoneNumber).toBe("03-555-0101");
    expect(restaurant.openingHours).toBe("Sun–Thu 12:00–23:00");
    expect(restaurant.wazeLink).toBe("https://waze.example/olive");
    expect(restaurant.onlineOrderLink).toBe("https://order.example/olive");
    expect(restaurant.isPermanentlyClosed).toBe(true);
  });

  it("leaves empty optional values absent, not null or blank", () => {
    const restaurant = rowToRestaurant(
      buildRestaurantRow({ name_he: "  ", phone_number: "", photo: null, menu_link: "   " }),
    );
    expect(restaurant.name).toEqual({ en: restaurant.name.en });
    expect("he" in restaurant.name).toBe(false);
    for (const key of ["phoneNumber", "photo", "menuLink", "description", "lastVerified", "teuda"]) {
      expect(key in restaurant, key).toBe(false);
    }
  });

  it("keeps a Hebrew-only description with an empty English part", () => {
    const restaurant = rowToRestaurant(buildRestaurantRow({ description_en: null, description_he: "רק עברית" }));
    expect(restaurant.description).toEqual({ en: "", he: "רק עברית" });
  });

  it("maps an unrecognised kashrut value to unknown", () => {
    expect(rowToRestaurant(buildRestaurantRow({ kashrut: "badatz-x" })).kashrut).toBe("unknown");
    expect(rowToRestaurant(buildRestaurantRow({ kashrut: "tzohar" })).kashrut).toBe("tzohar");
  });

  it("drops menu images without a url or a name and keeps size and type when given", () => {
    const restaurant = rowToRestaurant(
      buildRestaurantRow({
        menu_images: [
          { url: "/uploads/a.webp", name: "Mains", size: 1200, type: "image/webp" },
          { url: "", name: "No url" },
          { url: "/uploads/b.webp", name: "" },
          { url: "/uploads/c.webp", name: "Desserts" },
        ],
      }),
    );
    expect(restaurant.menuImages).toEqual([
      { url: "/uploads/a.webp", name: "Mains", size: 1200, type: "image/webp" },
      { url: "/uploads/c.webp", name: "Desserts" },
    ]);
  });
});

describe("form values", () => {
  it("use empty strings for missing optionals", () => {
    const values = restaurantToFormValues(rowToRestaurant(buildRestaurantRow({ name_he: null })));
    expect(values.nameHe).toBe("");
    expect(values.phoneNumber).toBe("");
    expect(values.descriptionEn).toBe("");
    expect(values.menuImages).toEqual([]);
  });

  it("carry the Hebrew address and hours note from a row to the app, the form and back; none is absent, then ''", () => {
    const row = buildRestaurantRow({
      address: "12 Dizengoff St",
      address_he: " דיזנגוף 12 ",
      opening_hours: "Fridays until 14:00",
      opening_hours_he: "בשישי עד 14:00",
    });
    const restaurant = rowToRestaurant(row);
    expect(restaurant).toMatchObject({
      address: "12 Dizengoff St",
      addressHe: "דיזנגוף 12",
      openingHours: "Fridays until 14:00",
      openingHoursHe: "בשישי עד 14:00",
    });
    const values = restaurantToFormValues(restaurant);
    expect(values).toMatchObject({ addressHe: "דיזנגוף 12", openingHoursHe: "בשישי עד 14:00" });
    expect(formValuesToRow(values, restaurant)).toMatchObject({
      address_he: "דיזנגוף 12",
      opening_hours_he: "בשישי עד 14:00",
    });
    const without = rowToRestaurant(buildRestaurantRow({ address_he: "  ", opening_hours_he: null }));
    expect(without).not.toHaveProperty("addressHe");
    expect(without).not.toHaveProperty("openingHoursHe");
    expect(formValuesToRow(restaurantToFormValues(without), without)).toMatchObject({
      address_he: null,
      opening_hours_he: null,
    });
  });

  it("round-trip through a row without losing anything", () => {
    const row = buildRestaurantRow({
      name_en: "Round Trip",
      name_he: "הלוך חזור",
      tags: ["Meat", "Grill"],
      booking_link: "https://book.example/rt",
      last_verified: "2026-03-04",
      menu_images: [{ url: "/uploads/m.webp", name: "Menu" }],
    });
    const restaurant = rowToRestaurant(row);
    const back = formValuesToRow(restaurantToFormValues(restaurant), restaurant);
    expect(back).toMatchObject({
      slug: "round-trip",
      name_en: "Round Trip",
      name_he: "הלוך חזור",
      tags: ["Meat", "Grill"],
      booking_link: "https://book.example/rt",
      last_verified: "2026-03-04",
      menu_images: [{ url: "/uploads/m.webp", name: "Menu" }],
      phone_number: null,
    });
  });

  it("carry the practical facts from a row to the app, the form and back; not given is absent, '' or false", () => {
    const row = buildRestaurantRow({
      price_level: 2,
      delivery: true,
      takeaway: false,
      catering: true,
      wheelchair: "partly",
    });
    const restaurant = rowToRestaurant(row);
    expect(restaurant).toMatchObject({ priceLevel: 2, delivery: true, catering: true, wheelchair: "partly" });
    expect(restaurant).not.toHaveProperty("takeaway");
    const values = restaurantToFormValues(restaurant);
    expect(values).toMatchObject({
      priceLevel: "2",
      delivery: true,
      takeaway: false,
      catering: true,
      wheelchair: "partly",
    });
    expect(formValuesToRow(values, restaurant)).toMatchObject({
      price_level: 2,
      delivery: true,
      takeaway: false,
      catering: true,
      wheelchair: "partly",
    });
    const none = rowToRestaurant(buildRestaurantRow({ price_level: 9 as never, wheelchair: "sometimes" as never }));
    for (const key of ["priceLevel", "delivery", "takeaway", "catering", "wheelchair"])
      expect(none).not.toHaveProperty(key);
    expect(formValuesToRow(restaurantToFormValues(none))).toMatchObject({
      price_level: null,
      delivery: false,
      wheelchair: null,
    });
  });

  it("turn blank optionals into NULL and trim the rest", () => {
    const values = restaurantToFormValues(rowToRestaurant(buildRestaurantRow()));
    const row = formValuesToRow({ ...values, nameEn: "  Cafe  Noa ", wazeLink: "  ", phoneNumber: " 03-1 " });
    expect(row.name_en).toBe("Cafe  Noa");
    expect(row.waze_link).toBeNull();
    expect(row.phone_number).toBe("03-1");
  });

  it("keep lastVerified from the existing record and never invent one", () => {
    const values = restaurantToFormValues(rowToRestaurant(buildRestaurantRow()));
    expect(formValuesToRow(values).last_verified).toBeNull();
    expect(formValuesToRow(values, { lastVerified: "2025-12-31" }).last_verified).toBe("2025-12-31");
  });
});

describe("slugFromName", () => {
  it("lower-cases and turns whitespace runs into one hyphen", () => {
    expect(slugFromName("Cafe Noa")).toBe("cafe-noa");
    expect(slugFromName("  The   Big\tGrill ")).toBe("the-big-grill");
  });
  it("keeps slugs URL-safe", () => {
    expect(slugFromName("Olive & Ember")).toBe("olive-and-ember");
    expect(slugFromName("Café Noa!")).toBe("cafe-noa");
    expect(slugFromName("../../etc/passwd")).toBe("etcpasswd");
    expect(slugFromName("גריל הזית")).toBe("restaurant");
    expect(slugFromName("a".repeat(200))).toHaveLength(80);
  });
});
