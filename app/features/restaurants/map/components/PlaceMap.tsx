// The restaurant page's small map (ADR 017): map tiles laid out around the place with a pin at the
// centre. Plain images, lazy-loaded (it sits below the fold): no map library, no script, and it
// works without JavaScript. The loader lays the tiles out (static-map.ts, on the server); the
// navigation buttons beside it do the rest.
import type { MapTiles } from "../../../../lib/context";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { PLACE_MAP, TILE_SIZE, type StaticMap } from "../static-map";

const HEIGHT = PLACE_MAP.height;

export function PlaceMap({ map, address, tiles }: { map: StaticMap; address: string; tiles: MapTiles }) {
  const { t } = useLanguage();
  return (
    <figure className="mt-3" data-testid="place-map">
      <div
        role="img"
        // The address isolated (FSI…PDI): an English street keeps its order in a Hebrew label.
        aria-label={t("map.place", { address: `\u2068${address}\u2069` })}
        dir="ltr"
        className="relative w-full overflow-hidden rounded-lg border border-stone-200 bg-stone-100"
        style={{ height: HEIGHT }}
      >
        <div
          className="absolute"
          style={{
            left: `calc(50% - ${Math.round(map.center.x)}px)`,
            top: `calc(50% - ${Math.round(map.center.y)}px)`,
          }}
        >
          {map.tiles.map((tile) => (
            <img
              key={tile.url}
              src={tile.url}
              alt=""
              width={TILE_SIZE}
              height={TILE_SIZE}
              loading="lazy"
              decoding="async"
              className="absolute max-w-none"
              style={{ left: tile.left, top: tile.top }}
            />
          ))}
        </div>
        <svg
          aria-hidden="true"
          viewBox="0 0 30 42"
          className="absolute left-1/2 top-1/2 h-[42px] w-[30px] -translate-x-1/2 -translate-y-full text-brand-700"
        >
          <path
            d="M15 1C7.3 1 1 7.1 1 14.7 1 25 15 41 15 41s14-16 14-26.3C29 7.1 22.7 1 15 1z"
            fill="currentColor"
            stroke="#fff"
            strokeWidth="2"
          />
          <circle cx="15" cy="15" r="5" fill="#fff" />
        </svg>
      </div>
      <figcaption className="mt-1 text-xs text-stone-600">
        <a
          href={tiles.attributionUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="underline underline-offset-2"
        >
          {tiles.attribution}
        </a>
      </figcaption>
    </figure>
  );
}
