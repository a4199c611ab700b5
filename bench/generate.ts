// Generated restaurants for benchmarks: varied names, tags, kashrut and links, no photos files.
import { buildRestaurant } from "../database/factories";
import { restaurants, type NewRestaurantRow } from "../database/schema/restaurants";
import type { Db } from "../database/types";
import { KASHRUT_VALUES, TAG_NAMES, TAGS } from "../app/features/restaurants/core/constants";
import { searchTextOfRow } from "../app/features/restaurants/core/mapping";

const WORDS_EN = [
  "Olive",
  "Cedar",
  "Lemon",
  "Harbor",
  "Garden",
  "Copper",
  "Golden",
  "Salt",
  "Basil",
  "Fig",
  "Date",
  "Ember",
  "Stone",
  "Blue",
  "Sunny",
];
const WORDS_HE = [
  "זית",
  "ארז",
  "לימון",
  "נמל",
  "גינה",
  "נחושת",
  "זהב",
  "מלח",
  "בזיליקום",
  "תאנה",
  "תמר",
  "גחלים",
  "אבן",
  "כחול",
  "שמש",
];
const STREETS = ["Dizengoff St", "Ibn Gabirol St", "Rothschild Blvd", "Allenby St", "Ben Yehuda St", "Shenkin St"];

export function generateRestaurants(count: number): NewRestaurantRow[] {
  const rows: NewRestaurantRow[] = [];
  for (let i = 0; i < count; i++) {
    const a = i % WORDS_EN.length;
    const b = Math.floor(i / WORDS_EN.length) % WORDS_EN.length;
    const tagA = TAG_NAMES[i % TAG_NAMES.length]!;
    const tagB = TAG_NAMES[(i * 7 + 3) % TAG_NAMES.length]!;
    const nameEn = `${WORDS_EN[a]} ${WORDS_EN[b]} ${tagA} ${i}`;
    rows.push(
      buildRestaurant({
        slug: `bench-${i}`,
        name_en: nameEn,
        name_he: `${WORDS_HE[a]} ${WORDS_HE[b]} ${TAGS[tagA]} ${i}`,
        address: `${(i % 200) + 1} ${STREETS[i % STREETS.length]}, Tel Aviv`,
        kashrut: KASHRUT_VALUES[i % KASHRUT_VALUES.length]!,
        tags: [...new Set([tagA, tagB])],
        description_en: `${nameEn} serves ${tagA.toLowerCase()} and ${tagB.toLowerCase()} food near ${STREETS[i % STREETS.length]}.`,
        description_he: `מסעדה לדוגמה: ${TAGS[tagA]} ו${TAGS[tagB]}.`,
        booking_link: i % 2 === 0 ? `https://booking.example.com/${i}` : null,
        wolt_link: i % 3 === 0 ? `https://wolt.example.com/${i}` : null,
        online_order_link: i % 5 === 0 ? `https://order.example.com/${i}` : null,
        phone_number: `03-555-${String(i).padStart(4, "0")}`,
        opening_hours: "Sun–Thu 12:00–23:00",
        // Spread over central Tel Aviv: the map view clusters thousands of pins.
        latitude: 32.06 + ((i * 7_919) % 4_000) / 100_000,
        longitude: 34.765 + ((i * 104_729) % 2_000) / 100_000,
      }),
    );
  }
  // The search text the app writes with every save, so search past the browser index finds them.
  return rows.map((row) => ({ ...row, search_text: searchTextOfRow(row) }));
}

export async function insertRestaurants(db: Db, rows: NewRestaurantRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(restaurants).values(rows.slice(i, i + 500));
}
