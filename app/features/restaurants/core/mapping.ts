// The one place that converts between stored rows (snake_case columns) and the app's shape
// (bilingual objects, camelCase, empty optional values absent), and from form values back to rows.
import type { NewRestaurantRow, RestaurantRow, StoredMenuImage } from "../../../../database/schema/restaurants";
import { isKashrut } from "./constants";
import { roundCoordinate } from "./location";
import { searchFields } from "./search-fields";
import { searchTextOf } from "../../../lib/search-text";
import type { MenuImage, Restaurant, RestaurantFormValues } from "./types";
import { certificateColumns, certificateFormValues, certificateOfRow, isKosherKind } from "./certificate";
import { deriveKashrut, withKashrutModel } from "./kashrut-model";
import { practicalColumns, practicalFormValues, practicalOfRow } from "./practical";

/** A trimmed string, or undefined when null, undefined or blank. */
export function present(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Copies only the keys whose values are defined, so absent stays absent. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function toMenuImage(image: StoredMenuImage): MenuImage | undefined {
  const url = present(image.url);
  const name = present(image.name);
  if (!url || !name) return undefined;
  return compact({
    url,
    name,
    size: typeof image.size === "number" ? image.size : undefined,
    type: present(image.type),
  });
}

/**
 * The parts of a listing a card shows, each read from its columns as `rowToRestaurant` reads it:
 * the directory's queries read only a card's columns and build its card from these.
 */
export const cardParts = {
  name(row: Pick<RestaurantRow, "name_en" | "name_he">): Restaurant["name"] {
    const he = present(row.name_he);
    return he ? { en: row.name_en.trim(), he } : { en: row.name_en.trim() };
  },
  kashrut: (row: Pick<RestaurantRow, "kashrut">): Restaurant["kashrut"] =>
    isKashrut(row.kashrut) ? row.kashrut : "unknown",
  tags: (row: Pick<RestaurantRow, "tags">): string[] => row.tags.filter((tag) => tag.trim() !== ""),
  location: (row: Pick<RestaurantRow, "latitude" | "longitude">): Restaurant["location"] =>
    row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : undefined,
  pesach: (row: Pick<RestaurantRow, "pesach">): Restaurant["pesach"] =>
    row.pesach && Object.keys(row.pesach).length > 0 ? row.pesach : undefined,
};

export function rowToRestaurant(row: RestaurantRow): Restaurant {
  const descriptionEn = present(row.description_en);
  const descriptionHe = present(row.description_he);
  return compact<Restaurant>({
    id: row.id,
    slug: row.slug,
    name: cardParts.name(row),
    description: descriptionEn || descriptionHe ? compact({ en: descriptionEn ?? "", he: descriptionHe }) : undefined,
    address: row.address.trim(),
    addressHe: present(row.address_he),
    kashrut: cardParts.kashrut(row),
    tags: cardParts.tags(row),
    photo: present(row.photo),
    teuda: present(row.teuda),
    phoneNumber: present(row.phone_number),
    openingHours: present(row.opening_hours),
    openingHoursHe: present(row.opening_hours_he),
    hours: row.hours ?? undefined,
    lastVerified: present(row.last_verified),
    wazeLink: present(row.waze_link),
    location: cardParts.location(row),
    menuLink: present(row.menu_link),
    bookingLink: present(row.booking_link),
    onlineOrderLink: present(row.online_order_link),
    woltLink: present(row.wolt_link),
    kashrutWebsite: present(row.kashrut_website),
    menuImages: (row.menu_images ?? []).flatMap((image) => toMenuImage(image) ?? []),
    isPermanentlyClosed: row.is_permanently_closed,
    certificate: certificateOfRow(row),
    kosherKind: isKosherKind(row.kosher_kind) ? row.kosher_kind : undefined,
    // Pesach plans (checked when saved); none is absent.
    pesach: cardParts.pesach(row),
    // The practical facts.
    ...practicalOfRow(row),
  });
}

/** A listing as the form's values; its kashrut group made one model (`withKashrutModel`), as a save would store it. */
export function restaurantToFormValues(restaurant: Restaurant): RestaurantFormValues {
  return withKashrutModel({
    nameEn: restaurant.name.en,
    nameHe: restaurant.name.he ?? "",
    address: restaurant.address,
    addressHe: restaurant.addressHe ?? "",
    kashrut: restaurant.kashrut,
    phoneNumber: restaurant.phoneNumber ?? "",
    openingHours: restaurant.openingHours ?? "",
    openingHoursHe: restaurant.openingHoursHe ?? "",
    wazeLink: restaurant.wazeLink ?? "",
    latitude: restaurant.location ? String(restaurant.location.lat) : "",
    longitude: restaurant.location ? String(restaurant.location.lng) : "",
    menuLink: restaurant.menuLink ?? "",
    bookingLink: restaurant.bookingLink ?? "",
    onlineOrderLink: restaurant.onlineOrderLink ?? "",
    woltLink: restaurant.woltLink ?? "",
    kashrutWebsite: restaurant.kashrutWebsite ?? "",
    photo: restaurant.photo ?? "",
    teuda: restaurant.teuda ?? "",
    descriptionEn: restaurant.description?.en ?? "",
    descriptionHe: restaurant.description?.he ?? "",
    tags: [...restaurant.tags],
    menuImages: restaurant.menuImages.map((image) => ({ ...image })),
    isPermanentlyClosed: restaurant.isPermanentlyClosed,
    ...certificateFormValues(restaurant.certificate),
    kosherKind: restaurant.kosherKind ?? "",
    ...practicalFormValues(restaurant),
  });
}

/**
 * Slug from the English name (spec section 5): lower-cased, whitespace runs become a hyphen. So it
 * is always URL-safe, anything but letters a–z, digits and hyphens is dropped ("&" reads "and"),
 * and hyphen runs collapse. Uniqueness is the caller's (a suffix on collision).
 */
export function slugFromName(nameEn: string): string {
  const slug = nameEn
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return slug === "" ? "restaurant" : slug.slice(0, 80).replace(/-$/, "");
}

/** The columns a restaurant's search text is made of. */
export type SearchedColumns = Pick<
  NewRestaurantRow,
  "name_en" | "name_he" | "description_en" | "description_he" | "address" | "tags"
>;

/**
 * The stored search text (`search_text`) of a row: the same text the browser index
 * matches for the restaurant this row maps to (`searchText(rowToRestaurant(row))`).
 */
export function searchTextOfRow(row: SearchedColumns): string {
  return searchTextOf(
    searchFields({
      name: { en: row.name_en, he: present(row.name_he) },
      description: { en: present(row.description_en) ?? "", he: present(row.description_he) },
      address: row.address,
      tags: (row.tags ?? []).filter((tag) => tag.trim() !== ""),
    }),
  );
}

/**
 * Form values to the columns to store. Blank optionals become NULL. The slug is derived from
 * the English name; lastVerified is carried over from the existing record on update. The stored
 * kashrut value is written from the certificate's body and level at every save (ADR 032).
 */
export function formValuesToRow(
  input: RestaurantFormValues,
  existing?: Pick<Restaurant, "lastVerified">,
): NewRestaurantRow {
  const orNull = (value: string) => present(value) ?? null;
  const values = withKashrutModel(input);
  const certificate = certificateColumns(values);
  const kind = values.kosherKind.trim();
  const row = {
    name_en: values.nameEn.trim(),
    name_he: orNull(values.nameHe),
    address: values.address.trim(),
    address_he: orNull(values.addressHe),
    kashrut: deriveKashrut(certificate.certificate_body, certificate.certificate_level),
    phone_number: orNull(values.phoneNumber),
    opening_hours: orNull(values.openingHours),
    opening_hours_he: orNull(values.openingHoursHe),
    waze_link: orNull(values.wazeLink),
    // The form's rules passed: both are numbers inside Israel, or both are empty.
    latitude: values.latitude.trim() === "" ? null : roundCoordinate(Number(values.latitude)),
    longitude: values.longitude.trim() === "" ? null : roundCoordinate(Number(values.longitude)),
    menu_link: orNull(values.menuLink),
    booking_link: orNull(values.bookingLink),
    online_order_link: orNull(values.onlineOrderLink),
    wolt_link: orNull(values.woltLink),
    kashrut_website: orNull(values.kashrutWebsite),
    photo: orNull(values.photo),
    teuda: orNull(values.teuda),
    description_en: orNull(values.descriptionEn),
    description_he: orNull(values.descriptionHe),
    tags: [...new Set(values.tags.map((tag) => tag.trim()).filter(Boolean))],
    menu_images: values.menuImages.flatMap((image) => toMenuImage(image) ?? []),
    is_permanently_closed: values.isPermanentlyClosed,
    last_verified: existing?.lastVerified ?? null,
    ...certificate,
    kosher_kind: isKosherKind(kind) ? kind : null,
    ...practicalColumns(values),
  } satisfies Omit<NewRestaurantRow, "slug">;
  return { ...row, slug: slugFromName(values.nameEn), search_text: searchTextOfRow(row) };
}
