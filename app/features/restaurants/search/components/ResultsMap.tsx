// The home page's map view (ADR 017): exactly the filtered results, as pins that cluster when they
// crowd. A pin's popup is a small card (name, kashrut, open or closed) linking to the restaurant's
// page. Loaded only when the map view is opened (with Leaflet, its CSS and this file).
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { directionOf, localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { restaurantPath } from "../../../../lib/paths";
import type { MapTiles } from "../../../../lib/context";
import { TEL_AVIV } from "../../core";
import type { ListedRestaurant } from "../search-index";
import { CITY_ZOOM, createMap, L, pinIcon } from "../../map/index.client";

/** Close enough to read the street names around one pin; the whole city for many. */
const MAX_FIT_ZOOM = 16;

export default function ResultsMap({
  results,
  tiles,
  linesOf,
}: {
  results: readonly ListedRestaurant[];
  tiles: MapTiles;
  /** What a pin's popup says under the name (kashrut, open or closed). */
  linesOf: (restaurant: ListedRestaurant) => string[];
}) {
  const { language, t } = useLanguage();
  const navigate = useNavigate();
  const element = useRef<HTMLDivElement>(null);
  const layers = useRef<{ map: L.Map; pins: L.MarkerClusterGroup } | null>(null);
  /** The places on the map: rebuilt and refitted only when they change, never while someone pans it. */
  const fitted = useRef("");
  // Read when a popup opens, so it says what is true then (open or closed by the clock).
  const describe = useRef(linesOf);
  useEffect(() => {
    describe.current = linesOf;
  });

  useEffect(() => {
    if (!element.current) return;
    const map = createMap(element.current, { tiles, language });
    const pins = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      // Animated as the map's zoom is (off when the visitor asks for less motion, createMap).
      animate: map.options.zoomAnimation !== false,
    }).addTo(map);
    layers.current = { map, pins };
    return () => {
      layers.current = null;
      fitted.current = "";
      map.remove();
    };
  }, [tiles, language]);

  useEffect(() => {
    const current = layers.current;
    // The same places in another order (Near me) or at another minute: nothing to redo.
    const places = results
      .map((restaurant) => restaurant.slug)
      .sort()
      .join(" ");
    if (!current || places === fitted.current) return;
    fitted.current = places;
    /** The popup's card, built as elements (text is never parsed as HTML). */
    const popupOf = (restaurant: ListedRestaurant) => {
      const box = document.createElement("div");
      box.className = "map-popup";
      box.dir = directionOf(language);
      const link = box.appendChild(document.createElement("a"));
      link.className = "map-popup-name";
      link.href = restaurantPath(restaurant.slug, language);
      link.appendChild(document.createElement("bdi")).textContent = localized(restaurant.name, language);
      link.addEventListener("click", (event) => {
        // A plain click stays in the app; a new tab or window is the browser's.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(link.pathname);
      });
      for (const line of describe.current(restaurant)) box.appendChild(document.createElement("p")).textContent = line;
      return box;
    };
    const markers = results.flatMap((restaurant) => {
      if (!restaurant.location) return [];
      const name = localized(restaurant.name, language);
      return [
        L.marker([restaurant.location.lat, restaurant.location.lng], {
          icon: pinIcon,
          title: name,
          alt: name,
          keyboard: true,
        }).bindPopup(() => popupOf(restaurant)),
      ];
    });
    current.pins.clearLayers();
    current.pins.addLayers(markers);
    if (markers.length > 0)
      current.map.fitBounds(current.pins.getBounds(), { padding: [24, 24], maxZoom: MAX_FIT_ZOOM });
    else current.map.setView([TEL_AVIV.lat, TEL_AVIV.lng], CITY_ZOOM);
  }, [results, language, navigate]);

  const unplaced = results.filter((restaurant) => !restaurant.location).length;
  return (
    <>
      <div
        ref={element}
        dir="ltr"
        className="h-[min(60vh,32rem)] w-full rounded-xl border border-stone-200 bg-stone-100"
        data-testid="results-map"
      />
      {unplaced > 0 ? <p className="mt-2 text-sm text-stone-700">{t("map.unplaced", { count: unplaced })}</p> : null}
    </>
  );
}
