// The Pesach form (ADR 023): one year's plan as a plain form posts it (it works without
// JavaScript), checked by a zod schema whose every rule names its message (ADR 021).
import { z } from "zod";
import {
  CERTIFICATE_BODIES,
  CERTIFICATE_LEVELS,
  PESACH_STATUSES,
  type PesachPlan,
} from "../../../../../database/lifecycle";
import { FORM_PARSE, fieldMessages } from "../../../../lib/form-rules";
import type { MessageKey } from "../../../../locales/en";
import { certificateDay } from "../../certificate";
import { isClock } from "../../../../../database/hours";

const optionalTime = z
  .string()
  .trim()
  .refine((value) => value === "" || isClock(value), { error: "pesachEdit.invalidTime" });

export const pesachFormSchema = z
  .object({
    /** "" removes the year's plan. */
    status: z.enum(["", ...PESACH_STATUSES]),
    kitniyot: z.enum(["", "yes", "no"]),
    body: z.enum(["", ...CERTIFICATE_BODIES]),
    level: z.enum(["", ...CERTIFICATE_LEVELS]),
    validUntil: certificateDay,
    cholFrom: optionalTime,
    cholTo: optionalTime,
  })
  .superRefine((values, context) => {
    const open = values.status === "kosher" || values.status === "not_kosher";
    if (values.kitniyot !== "" && !open)
      context.addIssue({ code: "custom", path: ["kitniyot"], message: "pesachEdit.kitniyotOnlyOpen" });
    if ((values.body !== "" || values.level !== "" || values.validUntil !== "") && values.status !== "kosher")
      context.addIssue({ code: "custom", path: ["body"], message: "pesachEdit.certificateOnlyKosher" });
    if ((values.cholFrom === "") !== (values.cholTo === ""))
      context.addIssue({
        code: "custom",
        path: [values.cholFrom === "" ? "cholFrom" : "cholTo"],
        message: "pesachEdit.hoursIncomplete",
      });
    else if (values.cholFrom !== "" && values.cholFrom === values.cholTo)
      context.addIssue({ code: "custom", path: ["cholTo"], message: "pesachEdit.sameStartEnd" });
    else if (values.cholFrom !== "" && !open)
      context.addIssue({ code: "custom", path: ["cholFrom"], message: "pesachEdit.kitniyotOnlyOpen" });
  });

export type PesachFormValues = z.infer<typeof pesachFormSchema>;
export type PesachField = keyof PesachFormValues;
export const PESACH_FIELDS = [
  "status",
  "kitniyot",
  "body",
  "level",
  "validUntil",
  "cholFrom",
  "cholTo",
] as const satisfies readonly PesachField[];

export type ParsedPesachForm =
  { ok: true; values: PesachPlan | null } | { ok: false; errors: Partial<Record<PesachField, MessageKey>> };

/** The plan a posted form says (null: no plan for the year), or each field's message. */
export function parsePesachForm(input: Record<string, unknown>): ParsedPesachForm {
  const raw = Object.fromEntries(
    PESACH_FIELDS.map((field) => [field, typeof input[field] === "string" ? input[field] : ""]),
  );
  const parsed = pesachFormSchema.safeParse(raw, FORM_PARSE);
  if (!parsed.success) return { ok: false, errors: fieldMessages<PesachField>(parsed.error.issues) };
  const v = parsed.data;
  if (v.status === "") return { ok: true, values: null };
  const plan: PesachPlan = { status: v.status };
  if (v.kitniyot !== "") plan.kitniyot = v.kitniyot === "yes";
  if (v.status === "kosher" && v.body !== "")
    plan.certificate = {
      body: v.body,
      ...(v.level !== "" ? { level: v.level } : {}),
      ...(v.validUntil !== "" ? { validUntil: v.validUntil } : {}),
    };
  if (v.cholFrom !== "") plan.cholHamoed = [{ from: v.cholFrom, to: v.cholTo }];
  return { ok: true, values: plan };
}

/** A saved plan as the form's values. */
export function pesachFormValues(plan: PesachPlan | undefined): PesachFormValues {
  const hours = plan?.cholHamoed?.[0];
  return {
    status: plan?.status ?? "",
    kitniyot: plan?.kitniyot === undefined ? "" : plan.kitniyot ? "yes" : "no",
    body: plan?.certificate?.body ?? "",
    level: plan?.certificate?.level ?? "",
    validUntil: plan?.certificate?.validUntil ?? "",
    cholFrom: hours?.from ?? "",
    cholTo: hours?.to ?? "",
  };
}
