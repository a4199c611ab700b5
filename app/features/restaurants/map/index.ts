// Map: pins and place maps, distances, the static map image.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { PinMap } from "./components/LazyPinMap";
export { PlaceMap } from "./components/PlaceMap";
export { byDistance, distanceMeters, formatDistance } from "./distance";
export type { StaticMap } from "./static-map";
