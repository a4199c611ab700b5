// The restaurant form's practical facts (ADR 024), for editing/form-schema.ts: a price level from
// 1 to 4 or none, three yes-flags, and wheelchair access from its list or none. A form or file from
// before these fields existed leaves them out: then they are not given. An import may write the level as a
// number (2) as well as text ("2").
import { z } from "zod";
import { isWheelchairAccess } from "../../../../database/practical";
import type { MessageKey } from "../../../locales/en";

const flag = z.boolean({ error: "form.yesNoInvalid" satisfies MessageKey }).default(false);

export const practicalFields = {
  priceLevel: z
    .preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z.string({ error: "form.priceLevelInvalid" satisfies MessageKey }),
    )
    .transform((value) => value.trim())
    .refine((value) => value === "" || /^[1-4]$/.test(value), "form.priceLevelInvalid" satisfies MessageKey)
    .default(""),
  delivery: flag,
  takeaway: flag,
  catering: flag,
  wheelchair: z
    .string({ error: "form.wheelchairInvalid" satisfies MessageKey })
    .trim()
    .refine((value) => value === "" || isWheelchairAccess(value), "form.wheelchairInvalid" satisfies MessageKey)
    .default(""),
};
