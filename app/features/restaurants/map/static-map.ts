// The restaurant page's small map (ADR 017): a few map tiles laid out around the place, as plain
// images — no map library, no JavaScript, lazy-loaded below the fold. Pure: Web Mercator tile math.
import type { LatLng } from "../core";

export const TILE_SIZE = 256;

/** The restaurant page's map: streets and their names around the door, in a frame up to 640 × 176 px. */
export const PLACE_MAP = { zoom: 16, width: 640, height: 176 } as const;

/** A point's pixel position in the whole world's map at a zoom level (Web Mercator, as tile servers cut it). */
export function worldPixel({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** A tile's address from the configured template ({z}/{x}/{y}). */
export function tileUrl(template: string, zoom: number, x: number, y: number): string {
  return template.replace("{z}", String(zoom)).replace("{x}", String(x)).replace("{y}", String(y));
}

export interface StaticMap {
  tiles: { url: string; left: number; top: number }[];
  /** Where the place is in the tiles' block: the block is moved so that this point is the frame's centre. */
  center: { x: number; y: number };
}

/** The tiles a frame of up to `width` × `height` pixels needs with the place at its centre. */
export function staticMap(
  place: LatLng,
  template: string,
  { zoom, width, height }: { zoom: number; width: number; height: number },
): StaticMap {
  const { x, y } = worldPixel(place, zoom);
  const last = 2 ** zoom - 1;
  const first = {
    x: Math.floor((x - width / 2) / TILE_SIZE),
    y: Math.max(0, Math.floor((y - height / 2) / TILE_SIZE)),
  };
  const end = {
    x: Math.floor((x + width / 2) / TILE_SIZE),
    y: Math.min(last, Math.floor((y + height / 2) / TILE_SIZE)),
  };
  const tiles: StaticMap["tiles"] = [];
  for (let ty = first.y; ty <= end.y; ty++) {
    for (let tx = first.x; tx <= end.x; tx++) {
      // Across the antimeridian the world repeats.
      const wrapped = ((tx % (last + 1)) + last + 1) % (last + 1);
      tiles.push({
        url: tileUrl(template, zoom, wrapped, ty),
        left: (tx - first.x) * TILE_SIZE,
        top: (ty - first.y) * TILE_SIZE,
      });
    }
  }
  return { tiles, center: { x: x - first.x * TILE_SIZE, y: y - first.y * TILE_SIZE } };
}
