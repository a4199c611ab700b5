// How far a restaurant is from the visitor ("Near me"): computed in the browser, from a
// position that never leaves it. Its own module so that only the home page carries it.
import type { Language } from "../../../lib/i18n/language";
import type { LatLng } from "../core";

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine): a few metres off at city scale, which is plenty. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const formats = new Map<string, Intl.NumberFormat>();
function unitFormat(language: Language, unit: "meter" | "kilometer", digits: number): Intl.NumberFormat {
  const key = `${language}-${unit}-${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: "unit",
      unit,
      unitDisplay: "short",
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A walking-scale distance as a diner reads it: "350 m" (to 10 m), "2.1 km" (to 100 m under
 * 10 km), "12 km"; in Hebrew "350 מ׳", "2.1 ק״מ" (the units are the language's own, from Intl).
 */
export function formatDistance(meters: number, language: Language): string {
  if (meters < 995) return unitFormat(language, "meter", 0).format(Math.max(10, Math.round(meters / 10) * 10));
  const km = meters / 1000;
  return km < 9.95
    ? unitFormat(language, "kilometer", 1).format(Math.round(km * 10) / 10)
    : unitFormat(language, "kilometer", 0).format(Math.round(km));
}

/** Restaurants nearest first; those without a location keep their order after the rest. */
export function byDistance<T extends { location?: LatLng | undefined }>(items: readonly T[], from: LatLng): T[] {
  const placed = items.flatMap((item) =>
    item.location ? [{ item, meters: distanceMeters(from, item.location) }] : [],
  );
  placed.sort((a, b) => a.meters - b.meters);
  return [...placed.map(({ item }) => item), ...items.filter((item) => !item.location)];
}
