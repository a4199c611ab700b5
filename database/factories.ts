// Factories for valid records, shared by tests and the demo data.
import { randomUUID } from "node:crypto";
import type { NewBlogRow } from "./schema/blogs";
import type { NewRestaurantRow, RestaurantRow } from "./schema/restaurants";

let sequence = 0;
const next = () => ++sequence;

/** A restaurant ready to insert; every required column filled, optionals empty. */
export function buildRestaurant(overrides: Partial<NewRestaurantRow> = {}): NewRestaurantRow {
  const n = next();
  const name = overrides.name_en ?? `Test Kitchen ${n}`;
  return {
    slug: overrides.slug ?? `${name.toLowerCase().replace(/\s+/g, "-")}-${n}`,
    name_en: name,
    name_he: `מטבח בדיקה ${n}`,
    address: `${n} Test Street, Tel Aviv`,
    kashrut: "rabanut",
    tags: [],
    menu_images: [],
    is_permanently_closed: false,
    ...overrides,
  };
}

/** A full stored row (as a select returns it), for pure mapping tests. */
export function buildRestaurantRow(overrides: Partial<RestaurantRow> = {}): RestaurantRow {
  const base = buildRestaurant();
  const now = new Date("2026-01-01T10:00:00Z");
  return {
    id: randomUUID(),
    slug: base.slug,
    name_en: base.name_en,
    name_he: base.name_he ?? null,
    address: base.address,
    phone_number: null,
    opening_hours: null,
    kashrut: base.kashrut,
    tags: [],
    photo: null,
    description_en: null,
    description_he: null,
    last_verified: null,
    waze_link: null,
    menu_link: null,
    booking_link: null,
    teuda: null,
    online_order_link: null,
    wolt_link: null,
    menu_images: [],
    is_permanently_closed: false,
    kashrut_website: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function buildBlog(overrides: Partial<NewBlogRow> = {}): NewBlogRow {
  const n = next();
  return {
    title: `Test post ${n}`,
    subtitle: `Subtitle of test post ${n}`,
    image: "/images/blog-placeholder.svg",
    content: `## Heading ${n}\n\nSome text.`,
    slug: `test-post-${n}`,
    ...overrides,
  };
}
