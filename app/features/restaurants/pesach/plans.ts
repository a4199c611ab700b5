// A stored or imported value checked whole as Pesach plans, by the stored shape's one schema
// (database/lifecycle-shapes.ts): the import refuses a row whose plans break a rule, and the fuzz
// suite holds what is stored to them. Apart from pesach.ts so the home page carries neither zod
// nor the certificate bodies.
import { pesachPlanSchema, pesachPlansSchema } from "../../../../database/lifecycle-shapes";
import type { PesachPlan, PesachPlans } from "../../../../database/lifecycle";

/** One plan checked whole (a stored value, an imported cell): null when anything in it is wrong. */
export function pesachPlanOf(value: unknown): PesachPlan | null {
  const parsed = pesachPlanSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Plans per year checked whole; null when any is wrong (an import's cell is then refused). */
export function pesachPlansOf(value: unknown): PesachPlans | null {
  if (value === null || value === undefined) return {};
  const parsed = pesachPlansSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
