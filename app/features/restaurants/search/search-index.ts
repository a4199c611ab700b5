// The home page's list in two forms. `forCard` is what a card shows, all the HTML carries. The
// search index adds what the filters need (never phone numbers, menus or certificate photos), as compact rows
// loaded by the browser after the first paint, so filtering is instant without the HTML carrying
// every restaurant: the page itself holds only the results on screen.
import { isKashrut, type Restaurant } from "../core";
import type { WeeklyHours, OpenLine } from "../hours";
import type { CertificateBody } from "../../../../database/lifecycle";
import type { PesachPlans, PesachStatus } from "../../../../database/lifecycle";
import type { PriceLevel, WheelchairAccess } from "../../../../database/practical";

/**
 * Up to this many restaurants the browser loads the whole index and filters locally (instant, see
 * bench/filter-latency.ts). Beyond it every filter change asks the server, which sends one page.
 */
export const CLIENT_FILTER_LIMIT = 2_500;

/**
 * What a card shows: all the home page's HTML carries of a restaurant (the slug, unique, is its key).
 * A page's cards say "open now" from their open line (card-rows.server.ts); the search index's, from
 * their week (the index brings the code).
 */
export type ListedRestaurant = Pick<
  Restaurant,
  | "slug"
  | "name"
  | "kashrut"
  | "tags"
  | "photo"
  | "isPermanentlyClosed"
  | "lastVerified"
  | "hours"
  | "location"
  | "certificate"
  | "pesach"
  | "rating"
> & { openLine?: OpenLine };

/**
 * A card's data. The place comes only for the map view (`withPlace`): the list's HTML does not
 * carry coordinates it does not show; the search index brings them for "Near me".
 */
export function forCard(
  {
    slug,
    name,
    kashrut,
    tags,
    photo,
    isPermanentlyClosed,
    lastVerified,
    hours,
    location,
    certificate,
    pesach,
    rating,
  }: ListedRestaurant,
  withPlace = false,
): ListedRestaurant {
  return {
    slug,
    name,
    kashrut,
    tags,
    isPermanentlyClosed,
    ...(photo ? { photo } : {}),
    ...(lastVerified ? { lastVerified } : {}),
    ...(hours ? { hours } : {}),
    ...(withPlace && location ? { location } : {}),
    ...(certificate ? { certificate: cardCertificate(certificate) } : {}),
    // The home page keeps only its season's status (pesach.ts, forCardPesach).
    ...(pesach ? { pesach } : {}),
    // Its published reviews' count and stars (the card's average, the order by rating).
    ...(rating ? { rating } : {}),
  };
}

/**
 * The certificate's body and last day (the card's line, the "Valid certificate" filter), and the
 * register's facts that change its state (a revocation; a later register that did not renew it).
 */
export function cardCertificate(
  certificate: NonNullable<Restaurant["certificate"]>,
): NonNullable<ListedRestaurant["certificate"]> {
  const card: NonNullable<ListedRestaurant["certificate"]> = { body: certificate.body };
  if (certificate.validUntil) card.validUntil = certificate.validUntil;
  if (certificate.revokedOn) card.revokedOn = certificate.revokedOn;
  if (endedBy(certificate)) card.registerPublishedOn = certificate.registerPublishedOn;
  return card;
}

/**
 * One restaurant as a row: id, slug, English name, Hebrew name, address, kashrut, tags, photo,
 * flags (1 closed, 2 booking, 4 delivery app, 8 online order), English and Hebrew descriptions,
 * last verification day (YYYY-MM-DD), weekly hours (0 without; for "open now"),
 * [latitude, longitude] (0 without; for the map and "near me"), the certificate's
 * [body, last valid day or ""] (0 without; then, only when set, the day it was revoked or "" and the
 * published day of a later register that did not renew it, which cards judge its state by: certificate-status.ts), Pesach statuses per year ("2027k,2028c",
 * pesach.ts), the practical facts as one number (the price level 1-4 in
 * its lowest 3 bits, 0 without; 8 delivery, 16 takeaway, 32 catering; wheelchair access in the
 * next two bits, 64 yes, 128 partly, 192 no, 0 not given), the published reviews' [count, stars
 * added up] (0 without). Missing text is "".
 */
export type IndexRow = [
  string,
  string,
  string,
  string,
  string,
  string,
  string[],
  string,
  number,
  string,
  string,
  string,
  WeeklyHours | 0,
  [number, number] | 0,
  [string, string] | [string, string, string] | [string, string, string, string] | 0,
  string,
  number,
  [number, number] | 0,
];

const CLOSED = 1;
const BOOKING = 2;
const WOLT = 4;
const ORDER = 8;

// The practical facts' number (the last field of a row).
const PRICE_BITS = 7;
const DELIVERY = 8;
const TAKEAWAY = 16;
const CATERING = 32;
const WHEELCHAIR_SHIFT = 6;
/** WHEELCHAIR_ACCESS's order (database/practical.ts), kept here so the home page's code does not import the lists. */
const ACCESS: readonly WheelchairAccess[] = ["yes", "partly", "no"];

/** The practical facts as the row's number. */
export function encodeIndexFacts({ priceLevel, delivery, takeaway, catering, wheelchair }: Restaurant): number {
  return (
    (priceLevel ?? 0) |
    (delivery ? DELIVERY : 0) |
    (takeaway ? TAKEAWAY : 0) |
    (catering ? CATERING : 0) |
    ((wheelchair ? ACCESS.indexOf(wheelchair) + 1 : 0) << WHEELCHAIR_SHIFT)
  );
}

/** The row's number back to the facts; a number that is not one gives none. */
export function decodeIndexFacts(
  value: unknown,
): Pick<Restaurant, "priceLevel" | "delivery" | "takeaway" | "catering" | "wheelchair"> {
  const bits = typeof value === "number" && Number.isInteger(value) ? value : 0;
  const price = bits & PRICE_BITS;
  const wheelchair = ACCESS[((bits >> WHEELCHAIR_SHIFT) & 3) - 1];
  return {
    ...(price >= 1 && price <= 4 ? { priceLevel: price as PriceLevel } : {}),
    ...(bits & DELIVERY ? { delivery: true as const } : {}),
    ...(bits & TAKEAWAY ? { takeaway: true as const } : {}),
    ...(bits & CATERING ? { catering: true as const } : {}),
    ...(wheelchair ? { wheelchair } : {}),
  };
}

// Pesach's plans in the index (here, not in pesach.ts: only the index's code needs them).
const CODE: Record<PesachStatus, string> = { kosher: "k", closed: "c", not_kosher: "n" };
const STATUS_OF: Record<string, PesachStatus> = { k: "kosher", c: "closed", n: "not_kosher" };

/**
 * The index's form of a restaurant's plans: each year, its status and Chol HaMoed's hours,
 * "2027k 09:00-15:00 18:00-23:00,2028c" ("" without): what a card and "open now" need.
 */
export function encodeIndexPesach(plans: PesachPlans | undefined): string {
  return Object.entries(plans ?? {})
    .map(
      ([year, plan]) =>
        `${year}${CODE[plan.status]}${(plan.cholHamoed ?? []).map(({ from, to }) => ` ${from}-${to}`).join("")}`,
    )
    .join(",");
}

export function decodeIndexPesach(value: unknown): PesachPlans | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const plans: PesachPlans = {};
  for (const [, year, code, times] of value.matchAll(/(\d{4})([kcn])([^,]*)/g)) {
    const cholHamoed = [...(times as string).matchAll(/(\d\d:\d\d)-(\d\d:\d\d)/g)].map(([, from, to]) => ({
      from: from as string,
      to: to as string,
    }));
    plans[year as string] = {
      status: STATUS_OF[code as string] as PesachStatus,
      ...(cholHamoed.length ? { cholHamoed } : {}),
    };
  }
  return plans;
}

export function toIndexRow(restaurant: Restaurant): IndexRow {
  const flags =
    (restaurant.isPermanentlyClosed ? CLOSED : 0) |
    (restaurant.bookingLink ? BOOKING : 0) |
    (restaurant.woltLink ? WOLT : 0) |
    (restaurant.onlineOrderLink ? ORDER : 0);
  return [
    restaurant.id,
    restaurant.slug,
    restaurant.name.en,
    restaurant.name.he ?? "",
    restaurant.address,
    restaurant.kashrut,
    restaurant.tags,
    restaurant.photo ?? "",
    flags,
    restaurant.description?.en ?? "",
    restaurant.description?.he ?? "",
    restaurant.lastVerified ?? "",
    restaurant.hours ?? 0,
    restaurant.location ? [restaurant.location.lat, restaurant.location.lng] : 0,
    restaurant.certificate ? certificateCells(restaurant.certificate) : 0,
    encodeIndexPesach(restaurant.pesach),
    encodeIndexFacts(restaurant),
    restaurant.rating ? [restaurant.rating.count, restaurant.rating.stars] : 0,
  ];
}

/**
 * The register's day matters to a card only when that register came after the certificate's last
 * day without renewing it (no grace: certificate-status.ts); the page alone says where facts came from.
 */
function endedBy({ validUntil, registerPublishedOn }: NonNullable<Restaurant["certificate"]>): string | undefined {
  return validUntil && registerPublishedOn && registerPublishedOn > validUntil ? registerPublishedOn : undefined;
}

/** The certificate's cells: body and last day; the revocation and the ending register's day only when they are set. */
function certificateCells(certificate: NonNullable<Restaurant["certificate"]>): NonNullable<IndexRow[14]> {
  const { body, validUntil = "", revokedOn = "" } = certificate;
  const ended = endedBy(certificate);
  if (ended) return [body, validUntil, revokedOn, ended];
  return revokedOn ? [body, validUntil, revokedOn] : [body, validUntil];
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The shape of weekly hours (the server checked the rest when they were saved). */
function isWeek(value: unknown): value is WeeklyHours {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as WeeklyHours).days) &&
    (value as WeeklyHours).days.length === 7
  );
}

function isPair(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === "number" && Number.isFinite(n));
}

/** A row back to what cards and filters need (a link only says that it exists); anything malformed (an old or damaged response) is left out. */
export function fromIndexRow(row: unknown): Restaurant | undefined {
  if (!Array.isArray(row) || row.length !== 18) return undefined;
  const [
    id,
    slug,
    nameEn,
    nameHe,
    address,
    kashrut,
    tags,
    photo,
    flags,
    descriptionEn,
    descriptionHe,
    lastVerified,
    hours,
    place,
    certificate,
    pesach,
    facts,
    rating,
  ] = row as unknown[];
  const plans = decodeIndexPesach(pesach);
  if (typeof id !== "string" || typeof slug !== "string" || typeof nameEn !== "string" || !isKashrut(text(kashrut)))
    return undefined;
  const bits = typeof flags === "number" ? flags : 0;
  const description = { en: text(descriptionEn), he: text(descriptionHe) };
  return {
    id,
    slug,
    name: nameHe ? { en: nameEn, he: text(nameHe) } : { en: nameEn },
    address: text(address),
    kashrut: text(kashrut) as Restaurant["kashrut"],
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === "string") : [],
    isPermanentlyClosed: (bits & CLOSED) !== 0,
    menuImages: [],
    ...(description.en || description.he ? { description: description.he ? description : { en: description.en } } : {}),
    ...(photo ? { photo: text(photo) } : {}),
    ...(lastVerified ? { lastVerified: text(lastVerified) } : {}),
    ...(isWeek(hours) ? { hours } : {}),
    ...(isPair(place) ? { location: { lat: place[0], lng: place[1] } } : {}),
    ...(bits & BOOKING ? { bookingLink: "1" } : {}),
    ...(bits & WOLT ? { woltLink: "1" } : {}),
    ...(bits & ORDER ? { onlineOrderLink: "1" } : {}),
    // The server wrote the body; a damaged date reads as none (core/certificate-status.ts).
    ...(Array.isArray(certificate) && typeof certificate[0] === "string" && certificate[0]
      ? {
          certificate: {
            body: certificate[0] as CertificateBody,
            ...(certificate[1] ? { validUntil: text(certificate[1]) } : {}),
            ...(certificate[2] ? { revokedOn: text(certificate[2]) } : {}),
            ...(certificate[3] ? { registerPublishedOn: text(certificate[3]) } : {}),
          },
        }
      : {}),
    ...(plans ? { pesach: plans } : {}),
    ...decodeIndexFacts(facts),
    ...(isPair(rating) && rating[0] > 0 ? { rating: { count: rating[0], stars: rating[1] } } : {}),
  };
}

export function decodeIndex(body: unknown): Restaurant[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((row) => {
    const restaurant = fromIndexRow(row);
    return restaurant ? [restaurant] : [];
  });
}

/** Where the browser loads the index of a given version (the version makes it cacheable forever). */
export function searchIndexPath(version: string): string {
  return `/api/search-index/${version}`;
}
