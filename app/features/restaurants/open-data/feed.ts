// The open data feeds (ADR 025): every public listing, in our JSON and as GeoJSON, built from the
// app's restaurants by pure functions (the query is open-data.server.ts, the endpoints server/app.ts).
// Only what the public page shows: never owners, e-mails, user ids, who changed what, reports,
// suggestions or claims. Photos and menu images are left out: they are the restaurants' own, not
// ours to license. docs/open-data.md describes every field.
import type { WeeklyHours } from "../../../../database/hours";
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";
import type { PriceLevel, WheelchairAccess } from "../../../../database/practical";
import { restaurantPath } from "../../../lib/paths";
import {
  certificateState,
  type CertificateState,
  KASHRUT_LABELS,
  tagLabel,
  type Kashrut,
  freshnessOf,
  type Freshness,
  type FreshnessClock,
  type Restaurant,
} from "../core";
import { dietKosher, type DietKosher } from "./diet-kosher";
import { osmOpeningHours } from "./opening-hours";

/** The feeds' format: raised when a field changes meaning or goes away (added fields keep it). */
export const OPEN_DATA_VERSION = 1;
export const OPEN_DATA_JSON_PATH = "/api/restaurants.json";
export const OPEN_DATA_GEOJSON_PATH = "/api/restaurants.geojson";

/** The Open Database License, as OpenStreetMap's data: what partners may do with ours. */
export const OPEN_DATA_LICENSE = {
  name: "ODbL-1.0",
  title: "Open Data Commons Open Database License (ODbL) v1.0",
  url: "https://opendatacommons.org/licenses/odbl/1-0/",
} as const;

export interface OpenDataBilingual {
  en: string;
  he: string | null;
}

export interface OpenDataRecord {
  id: string;
  slug: string;
  /** The listing's page in each language (absolute URLs). */
  url: { en: string; he: string };
  name: OpenDataBilingual;
  description: { en: string | null; he: string | null };
  /** As written by the listing (one text, usually Hebrew street names in either script). */
  address: string;
  /** The address in Hebrew, when the listing gives one. */
  addressHe: string | null;
  /** Permanently closed: still listed, with no `openingHours`. */
  closed: boolean;
  kashrut: {
    value: Kashrut;
    label: { en: string; he: string };
    dietKosher: DietKosher;
    certificate: {
      body: CertificateBody;
      level: CertificateLevel | null;
      number: string | null;
      validUntil: string | null;
      state: CertificateState["kind"];
    } | null;
  };
  tags: { id: string; en: string; he: string }[];
  practical: {
    priceLevel: PriceLevel | null;
    /** true when the listing says so; null when it does not (never "no"). */
    delivery: true | null;
    takeaway: true | null;
    catering: true | null;
    wheelchair: WheelchairAccess | null;
  };
  location: { lat: number; lon: number } | null;
  /** OSM `opening_hours`, or null when not expressible (opening-hours.ts) or closed. */
  openingHours: string | null;
  /** Our structured week, null when not given or closed. */
  hours: WeeklyHours | null;
  /** The listing's note about its hours (exceptions), free text in its own language. */
  hoursNote: string | null;
  links: {
    phone: string | null;
    menu: string | null;
    booking: string | null;
    order: string | null;
    wolt: string | null;
    waze: string | null;
    kashrutAuthority: string | null;
  };
  freshness: { lastVerified: string | null; state: Freshness };
  updatedAt: string;
  /** The listing in OpenStreetMap's tags, ready for a mapper to compare. */
  osm: Record<string, string>;
}

/** What every record is judged on: the site's address, today in Tel Aviv, the allowed ages. */
export interface OpenDataContext {
  publicUrl: string;
  clock: FreshnessClock;
}

/** A restaurant with when its record last changed. */
export interface OpenDataSource {
  restaurant: Restaurant;
  updatedAt: Date;
}

const orNull = <T>(value: T | undefined): T | null => value ?? null;

const WHEELCHAIR_OSM: Record<WheelchairAccess, string> = { yes: "yes", partly: "limited", no: "no" };

/** The listing's OSM tags: only those we know, OSM's names and values. */
function osmTags(restaurant: Restaurant, diet: DietKosher, openingHours: string | null): Record<string, string> {
  const tags: Record<string, string> = {
    amenity: "restaurant",
    name: restaurant.name.he ?? restaurant.name.en,
    "name:en": restaurant.name.en,
  };
  if (restaurant.name.he) tags["name:he"] = restaurant.name.he;
  tags["diet:kosher"] = diet;
  if (restaurant.isPermanentlyClosed) tags["disused:amenity"] = "restaurant";
  if (openingHours) tags.opening_hours = openingHours;
  if (restaurant.phoneNumber) tags.phone = restaurant.phoneNumber;
  if (restaurant.menuLink) tags["website:menu"] = restaurant.menuLink;
  if (restaurant.delivery) tags.delivery = "yes";
  if (restaurant.takeaway) tags.takeaway = "yes";
  if (restaurant.wheelchair) tags.wheelchair = WHEELCHAIR_OSM[restaurant.wheelchair];
  return tags;
}

/** One listing's record: the same in both feeds (GeoJSON carries `location` as the geometry). */
export function openDataRecord(
  { restaurant, updatedAt }: OpenDataSource,
  { publicUrl, clock }: OpenDataContext,
): OpenDataRecord {
  const closed = restaurant.isPermanentlyClosed;
  const diet = dietKosher(restaurant.kashrut, restaurant.certificate, clock);
  const openingHours = closed ? null : osmOpeningHours(restaurant.hours);
  const certificate = restaurant.certificate;
  return {
    id: restaurant.id,
    slug: restaurant.slug,
    url: {
      en: publicUrl + restaurantPath(restaurant.slug, "en"),
      he: publicUrl + restaurantPath(restaurant.slug, "he"),
    },
    name: { en: restaurant.name.en, he: orNull(restaurant.name.he) },
    description: { en: restaurant.description?.en || null, he: orNull(restaurant.description?.he) },
    address: restaurant.address,
    addressHe: orNull(restaurant.addressHe),
    closed,
    kashrut: {
      value: restaurant.kashrut,
      label: KASHRUT_LABELS[restaurant.kashrut],
      dietKosher: diet,
      certificate: certificate
        ? {
            body: certificate.body,
            level: orNull(certificate.level),
            number: orNull(certificate.number),
            validUntil: orNull(certificate.validUntil),
            state: certificateState(certificate, clock).kind,
          }
        : null,
    },
    tags: restaurant.tags.map((tag) => ({ id: tag, en: tagLabel(tag, "en"), he: tagLabel(tag, "he") })),
    practical: {
      priceLevel: orNull(restaurant.priceLevel),
      delivery: orNull(restaurant.delivery),
      takeaway: orNull(restaurant.takeaway),
      catering: orNull(restaurant.catering),
      wheelchair: orNull(restaurant.wheelchair),
    },
    location: restaurant.location ? { lat: restaurant.location.lat, lon: restaurant.location.lng } : null,
    openingHours,
    hours: closed ? null : orNull(restaurant.hours),
    hoursNote: closed ? null : orNull(restaurant.openingHours),
    links: {
      phone: orNull(restaurant.phoneNumber),
      menu: orNull(restaurant.menuLink),
      booking: orNull(restaurant.bookingLink),
      order: orNull(restaurant.onlineOrderLink),
      wolt: orNull(restaurant.woltLink),
      waze: orNull(restaurant.wazeLink),
      kashrutAuthority: orNull(restaurant.kashrutWebsite),
    },
    freshness: { lastVerified: orNull(restaurant.lastVerified), state: freshnessOf(restaurant.lastVerified, clock) },
    updatedAt: updatedAt.toISOString(),
    osm: osmTags(restaurant, diet, openingHours),
  };
}

/** What both feeds say about themselves: the format, when, the licence and whom to credit. */
export interface OpenDataHead {
  version: number;
  generatedAt: string;
  source: string;
  license: typeof OPEN_DATA_LICENSE;
  attribution: string;
  count: number;
}

function headOf(records: readonly OpenDataRecord[], publicUrl: string, now: Date): OpenDataHead {
  return {
    version: OPEN_DATA_VERSION,
    generatedAt: now.toISOString(),
    source: publicUrl,
    license: OPEN_DATA_LICENSE,
    attribution: `© Kosher Tel Aviv (${publicUrl}), ${OPEN_DATA_LICENSE.name}`,
    count: records.length,
  };
}

export interface OpenDataJson extends OpenDataHead {
  restaurants: OpenDataRecord[];
}

export function openDataJson(records: OpenDataRecord[], publicUrl: string, now: Date): OpenDataJson {
  return { ...headOf(records, publicUrl, now), restaurants: records };
}

export interface OpenDataFeature {
  type: "Feature";
  id: string;
  /** RFC 7946: [longitude, latitude]; null when the listing's location is not known. */
  geometry: { type: "Point"; coordinates: [number, number] } | null;
  properties: Omit<OpenDataRecord, "location">;
}

/** GeoJSON (RFC 7946): a FeatureCollection with the feed's head as foreign members. */
export interface OpenDataGeoJson extends OpenDataHead {
  type: "FeatureCollection";
  features: OpenDataFeature[];
}

export function openDataGeoJson(records: OpenDataRecord[], publicUrl: string, now: Date): OpenDataGeoJson {
  return {
    type: "FeatureCollection",
    ...headOf(records, publicUrl, now),
    features: records.map(({ location, ...properties }) => ({
      type: "Feature",
      id: properties.slug,
      geometry: location ? { type: "Point", coordinates: [location.lon, location.lat] } : null,
      properties,
    })),
  };
}

/** The latest of the listings' changes and verifications, for Last-Modified (null for an empty directory). */
export function lastChangeOf(records: readonly OpenDataRecord[]): Date | null {
  let latest = 0;
  for (const record of records) {
    latest = Math.max(latest, Date.parse(record.updatedAt));
    if (record.freshness.lastVerified)
      latest = Math.max(latest, Date.parse(`${record.freshness.lastVerified}T00:00:00Z`));
  }
  return latest > 0 ? new Date(latest) : null;
}
