// Leaflet for the maps (ADR 017): the results map on the home page and the pin in the
// restaurant form. Only the browser loads this, and only when a map is opened: it is never part of a
// page's first JavaScript. Plain Leaflet (BSD-2-Clause) and Leaflet.markercluster (MIT).
import L from "leaflet";
// The plugin extends the global `L` that Leaflet's own bundle sets; it must come after it.
import "leaflet.markercluster";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "leaflet.markercluster/dist/MarkerCluster.Default.css";
import "./map.css";
import type { MapTiles } from "../../../lib/context";
import type { Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import { TEL_AVIV } from "../core";

export { L };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where a map with nothing else to show looks: the city. */
export const CITY_ZOOM = 13;

/**
 * The visitor asks for less motion: the maps then zoom, fade and pan without animating. Leaflet
 * does not read that wish itself, and its zoom animation waits for a CSS transition's end, which
 * the site's stylesheet does not run for such a visitor (app/app.css).
 */
const lessMotion = (): boolean => matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A map of Tel Aviv with the configured tiles, their credit, and zoom buttons in the page's
 * language on its reading side.
 */
export function createMap(element: HTMLElement, { tiles, language }: { tiles: MapTiles; language: Language }): L.Map {
  const t = translator(language);
  const animate = !lessMotion();
  const map = L.map(element, {
    zoomControl: false,
    center: [TEL_AVIV.lat, TEL_AVIV.lng],
    zoom: CITY_ZOOM,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
    inertia: animate,
  });
  // Leaflet animates a pan in script whatever those options say: when the results refit, a popup
  // pulls the map into view, or the arrow keys move it. Every such pan goes through panBy.
  if (!animate)
    map.panBy = (offset, options) => L.Map.prototype.panBy.call(map, offset, { ...options, animate: false });
  L.control
    .zoom({
      position: language === "he" ? "topright" : "topleft",
      zoomInTitle: t("map.zoomIn"),
      zoomOutTitle: t("map.zoomOut"),
    })
    .addTo(map);
  map.attributionControl.setPrefix(
    `<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>`,
  );
  L.tileLayer(tiles.url, {
    maxZoom: 19,
    attribution: `<a href="${escapeHtml(tiles.attributionUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(tiles.attribution)}</a>`,
  }).addTo(map);
  return map;
}

const PIN_SVG =
  '<svg viewBox="0 0 30 42" width="30" height="42" aria-hidden="true"><path d="M15 1C7.3 1 1 7.1 1 14.7 1 25 15 41 15 41s14-16 14-26.3C29 7.1 22.7 1 15 1z" fill="currentColor" stroke="#fff" stroke-width="2"/><circle cx="15" cy="15" r="5" fill="#fff"/></svg>';

/** Our pin (a drawn icon, not Leaflet's image, whose path a bundler would break). */
export const pinIcon = L.divIcon({
  className: "map-pin",
  html: PIN_SVG,
  iconSize: [30, 42],
  iconAnchor: [15, 41],
  popupAnchor: [0, -36],
});
