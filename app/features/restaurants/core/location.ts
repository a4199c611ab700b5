// Where a restaurant is (ADR 017). Pure: used by the form's rules, the maps and the demo data.
// No geocoding service is ever called: a location is typed, dropped on a map, or read from a
// navigation link. How far a place is lives in distance.ts (only the home page needs it).

export interface LatLng {
  lat: number;
  lng: number;
}

/** A box around Israel (with Eilat and the Golan): a location outside it is a typing mistake. */
export const ISRAEL_BOUNDS = { south: 29.45, west: 34.2, north: 33.35, east: 35.9 } as const;

/** Where a map with nothing else to show is centred: Tel Aviv, around Dizengoff Square. */
export const TEL_AVIV: LatLng = { lat: 32.0779, lng: 34.7741 };

export function inIsrael({ lat, lng }: LatLng): boolean {
  return (
    lat >= ISRAEL_BOUNDS.south && lat <= ISRAEL_BOUNDS.north && lng >= ISRAEL_BOUNDS.west && lng <= ISRAEL_BOUNDS.east
  );
}

/** Six decimals (about 10 cm) are more than any pin needs; stored and shown that way. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const PAIR = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

function pair(text: string | null | undefined): LatLng | null {
  const match = PAIR.exec(text ?? "");
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * The coordinates a navigation link holds, or null when it holds none (an address search, a
 * short link). Understood: Waze `ll=lat,lng` and `to=ll.lat,lng`; Google Maps `@lat,lng,zoom`,
 * `!3dlat!4dlng`, and `q=`, `query=`, `ll=`, `destination=` or `daddr=` holding `lat,lng`.
 */
export function coordinatesFromLink(link: string): LatLng | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const params = url.searchParams;
  for (const name of ["ll", "q", "query", "destination", "daddr", "center"]) {
    const found = pair(params.get(name));
    if (found) return found;
  }
  const wazeTo = params.get("to");
  if (wazeTo?.startsWith("ll.")) {
    const found = pair(wazeTo.slice(3));
    if (found) return found;
  }
  const path = decodeURIComponent(url.pathname);
  // Google's place data: the pin itself (the @ part is where the map was looking).
  const data = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(path);
  if (data) return pair(`${data[1]},${data[2]}`);
  const at = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?:,|$)/.exec(path);
  if (at) return pair(`${at[1]},${at[2]}`);
  return null;
}
