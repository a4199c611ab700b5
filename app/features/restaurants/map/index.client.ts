// Map: pins and place maps, distances, the static map image.
// Its browser-only public file, for the map that is loaded lazily (Leaflet and its styles), so index.ts never pulls it into a page.
export { CITY_ZOOM, L, createMap, pinIcon } from "./leaflet.client";
