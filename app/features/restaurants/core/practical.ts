// The practical facts (ADR 024) between their three forms: the row's columns, the app's flat
// optional fields (absent when not given) and the restaurant form's fields ("" or false when not
// given). A yes-flag is stored as true or false; false means "not said", never "no".
import {
  isPriceLevel,
  isWheelchairAccess,
  SERVICES,
  type PriceLevel,
  type Service,
  type WheelchairAccess,
} from "../../../../database/practical";
import type { RestaurantRow } from "../../../../database/schema/restaurants";
import type { Restaurant, RestaurantFormValues } from "./types";

export type PracticalColumns = Pick<RestaurantRow, "price_level" | "delivery" | "takeaway" | "catering" | "wheelchair">;
export type PracticalFacts = Pick<Restaurant, "priceLevel" | "delivery" | "takeaway" | "catering" | "wheelchair">;
export type PracticalFields = Pick<
  RestaurantFormValues,
  "priceLevel" | "delivery" | "takeaway" | "catering" | "wheelchair"
>;

/** The price level as shekel signs ("₪₪"): the page's badge and schema.org's `priceRange`. */
export const priceSigns = (level: PriceLevel): string => "₪".repeat(level);

/** The facts of a row, each absent when not given (a stored value outside the lists too). */
export function practicalOfRow(row: Partial<PracticalColumns>): PracticalFacts {
  return {
    ...(isPriceLevel(row.price_level) ? { priceLevel: row.price_level } : {}),
    ...(row.delivery ? { delivery: true as const } : {}),
    ...(row.takeaway ? { takeaway: true as const } : {}),
    ...(row.catering ? { catering: true as const } : {}),
    ...(isWheelchairAccess(row.wheelchair) ? { wheelchair: row.wheelchair } : {}),
  };
}

export function practicalFormValues(facts: PracticalFacts): PracticalFields {
  return {
    priceLevel: facts.priceLevel ? String(facts.priceLevel) : "",
    delivery: facts.delivery === true,
    takeaway: facts.takeaway === true,
    catering: facts.catering === true,
    wheelchair: facts.wheelchair ?? "",
  };
}

/** The columns to store for checked form values (form-rules.ts). */
export function practicalColumns(values: Partial<PracticalFields>): PracticalColumns {
  const level = Number(values.priceLevel);
  return {
    price_level: isPriceLevel(level) ? level : null,
    delivery: values.delivery === true,
    takeaway: values.takeaway === true,
    catering: values.catering === true,
    wheelchair: isWheelchairAccess(values.wheelchair) ? values.wheelchair : null,
  };
}

/** The services a restaurant is known to offer, in the lists' order. */
export function servicesOf(facts: PracticalFacts): Service[] {
  return SERVICES.filter((service) => facts[service] === true);
}

export type { PriceLevel, Service, WheelchairAccess };
