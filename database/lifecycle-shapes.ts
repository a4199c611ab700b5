// The stored lifecycle shapes as zod schemas: a certificate's facts and a restaurant's Pesach plans
// as `restaurants.pesach` holds them. Defined once, here at the bottom layer, for every reader that
// must check a stored or imported value whole (the data import, the fuzz suite, the app's plan
// reader). Apart from lifecycle.ts so that pages importing its constants do not carry zod.
import { z } from "zod";
import { isCalendarDay, isIsoDay } from "./days";
import { CLOCK } from "./hours";
import {
  CERTIFICATE_BODIES,
  CERTIFICATE_LEVELS,
  CERTIFICATE_NUMBER_MAX,
  PESACH_STATUSES,
  type PesachPlan,
} from "./lifecycle";

/** A time of day as stored: "HH:MM", 00:00–23:59. */
export const clockSchema = z.string().regex(CLOCK);

/** A day as stored: "yyyy-MM-dd" naming a real day. */
export const calendarDaySchema = z.string().refine((value) => isIsoDay(value) && isCalendarDay(value));

/** A certificate's facts: who, what level, its number, until when. Keys it does not name are kept as given. */
export const certificateFactsSchema = z.looseObject({
  body: z.enum(CERTIFICATE_BODIES),
  level: z.enum(CERTIFICATE_LEVELS).optional(),
  number: z.string().max(CERTIFICATE_NUMBER_MAX).optional(),
  validUntil: calendarDaySchema.optional(),
});

/** The most Chol HaMoed ranges a plan holds. */
export const CHOL_HAMOED_RANGES_MAX = 3;

/**
 * One restaurant's Pesach in one year. A certificate only when kosher for Pesach; an open place's
 * facts (kitniyot, Chol HaMoed's hours) are dropped from a closed one's plan, and an empty list of
 * hours is no list.
 */
export const pesachPlanSchema = z
  .object({
    status: z.enum(PESACH_STATUSES),
    kitniyot: z.boolean().optional(),
    certificate: certificateFactsSchema.optional(),
    cholHamoed: z
      .array(z.looseObject({ from: clockSchema, to: clockSchema }))
      .max(CHOL_HAMOED_RANGES_MAX)
      .optional(),
  })
  .refine((plan) => plan.certificate === undefined || plan.status === "kosher")
  .transform(({ status, kitniyot, certificate, cholHamoed }): PesachPlan => ({
    status,
    ...(kitniyot !== undefined && status !== "closed" ? { kitniyot } : {}),
    ...(certificate ? { certificate } : {}),
    ...(cholHamoed && cholHamoed.length > 0 && status !== "closed"
      ? { cholHamoed: cholHamoed.map(({ from, to }) => ({ from, to })) }
      : {}),
  }));

/** A Gregorian year of Pesach, the key of each plan ("2027"). */
export const PESACH_YEAR = /^20\d\d$/;

/** Plans per year, as `restaurants.pesach` stores them. */
export const pesachPlansSchema = z.record(z.string().regex(PESACH_YEAR), pesachPlanSchema);
