// The restaurants core: what a listing is. Its types, its mapping between row, listing and form values, its
// constants, kashrut and certificate facts, location, practical facts, presentation, freshness and public
// history. Every part of the wing builds on it; it imports no part.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export {
  certificateState,
  oldestPassingDay,
  type CertificateClock,
  type CertificateDates,
  type CertificateState,
} from "./certificate-status";
export {
  certificateOfRow,
  isCertificateBody,
  isCertificateLevel,
  isKosherKind,
  type CertificateFields,
} from "./certificate";
export { ClosedBadge, FreshnessMark, KashrutBadge, TagList, WARNING_PATH, visibleTags } from "./components/Badges";
export { KASHRUT_LABELS, KASHRUT_VALUES, TAGS, TAG_NAMES, isKashrut, isTag, tagLabel, type Kashrut } from "./constants";
export { freshnessClock, freshnessOf, type Freshness, type FreshnessClock } from "./freshness";
export { isDoubtful, kashrutStanding } from "./kashrut";
export {
  deriveKashrut,
  impliedCertificate,
  kashrutOfFields,
  withKashrutModel,
  type ImpliedCertificate,
  type KashrutFields,
} from "./kashrut-model";
export { TEL_AVIV, coordinatesFromLink, inIsrael, roundCoordinate, type LatLng } from "./location";
export { cardParts, formValuesToRow, present, rowToRestaurant, searchTextOfRow, slugFromName } from "./mapping";
export { priceSigns, servicesOf, type PracticalFacts, type PracticalFields, type Service } from "./practical";
export { isPdfLink, kashrutWebsiteButton, menuKind, type MenuKind } from "./presentation";
export type { PublicEvent } from "./public-history";
export { searchFields } from "./search-fields";
export type { MenuImage, Restaurant, RestaurantFormValues } from "./types";
