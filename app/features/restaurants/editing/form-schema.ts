// The restaurant form's rules (spec section 5), shared by the form (validated on change) and the
// server action. Messages are catalogue keys, so both show the spec's words in either language.
import { z } from "zod";
import { fieldMessages, FORM_PARSE, oneLineText, storableText } from "../../../lib/form-rules";
import { isWebLink, withScheme } from "../../../lib/links";
import type { MessageKey } from "../../../locales/en";
import { isKashrut, isTag, TAGS, inIsrael, withKashrutModel, type RestaurantFormValues } from "../core";
import { certificateFields, DETAILS_NEED_BODY, detailsWithoutBody } from "../certificate";
import { practicalFields } from "../practical";

export const MAX_MENU_IMAGES = 10;

const text = (max: number) =>
  storableText()
    .trim()
    .max(max, "form.tooLong" satisfies MessageKey);
const line = (max: number) =>
  oneLineText()
    .trim()
    .max(max, "form.tooLong" satisfies MessageKey);

/**
 * Links are optional; when given they must be web addresses (a javascript: link must never be
 * stored). A bare domain (`www.example.com/book`) is taken as its https address (ADR 013).
 */
const link = oneLineText()
  .trim()
  .max(2000, "form.tooLong" satisfies MessageKey)
  .transform(withScheme)
  .refine((value) => value === "" || isWebLink(value), "form.linkInvalid" satisfies MessageKey);

/** A file we stored, or an https address (older data). */
const fileUrl = oneLineText()
  .trim()
  .max(2000, "form.fileUrlTooLong" satisfies MessageKey)
  .refine(
    (value) =>
      value === "" || /^\/uploads\/[a-z0-9_-]+\/[A-Za-z0-9_.-]+$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    "upload.failedImage" satisfies MessageKey,
  );

/** A decimal degree as typed ("32.0853"), or empty; left out (a form from before the location fields) is empty. */
const coordinate = oneLineText()
  .trim()
  .max(20, "form.locationInvalid" satisfies MessageKey)
  .refine((value) => value === "" || /^-?\d{1,3}(\.\d+)?$/.test(value), "form.locationInvalid" satisfies MessageKey)
  .default("");

/** Both coordinates parsed as text (whatever else failed): then the pair can be judged. */
function coordinatesParsed(payload: z.core.ParsePayload): boolean {
  const value = payload.value as Partial<Record<"latitude" | "longitude", unknown>> | null;
  return (
    typeof value === "object" &&
    value !== null &&
    typeof value.latitude === "string" &&
    typeof value.longitude === "string" &&
    payload.issues.every((issue) => issue.path?.[0] !== "latitude" && issue.path?.[0] !== "longitude")
  );
}

export const restaurantFormSchema = z
  .object({
    nameEn: oneLineText()
      .trim()
      .min(2, "form.nameEnMin" satisfies MessageKey)
      .max(200, "form.tooLong" satisfies MessageKey),
    nameHe: line(200),
    address: oneLineText()
      .trim()
      .min(2, "form.addressMin" satisfies MessageKey)
      .max(300, "form.tooLong" satisfies MessageKey),
    // The address and hours note in Hebrew, optional (absent in an older draft or import: empty).
    addressHe: line(300).default(""),
    // The spec's kashrut value is derived from the certificate's body and level (ADR 032); given
    // without a body (an older import or draft, a suggestion) it implies one. Left out: none.
    kashrut: z
      .string()
      .trim()
      .refine((value) => value === "" || isKashrut(value), "form.kashrutRequired" satisfies MessageKey)
      .default(""),
    phoneNumber: line(50),
    openingHours: text(1000),
    openingHoursHe: text(1000).default(""),
    wazeLink: link,
    latitude: coordinate,
    longitude: coordinate,
    // Neither a web address nor a file of ours: said as for any link.
    menuLink: z.union([link, fileUrl], { error: "form.linkInvalid" satisfies MessageKey }),
    bookingLink: link,
    onlineOrderLink: link,
    woltLink: link,
    kashrutWebsite: link,
    photo: fileUrl,
    teuda: fileUrl,
    descriptionEn: text(5000),
    descriptionHe: text(5000),
    tags: z
      .array(z.string().refine(isTag, "form.tagInvalid" satisfies MessageKey))
      .max(Object.keys(TAGS).length, "form.tooManyTags" satisfies MessageKey),
    menuImages: z
      .array(
        z.object({
          url: fileUrl.refine((value) => value !== "", "form.menuImageInvalid" satisfies MessageKey),
          name: oneLineText()
            .trim()
            .min(1, "form.menuImageName" satisfies MessageKey)
            .max(200, "form.menuImageName" satisfies MessageKey),
          size: z
            .number()
            .int("form.menuImageInvalid" satisfies MessageKey)
            .nonnegative("form.menuImageInvalid" satisfies MessageKey)
            .max(Number.MAX_SAFE_INTEGER, "form.menuImageInvalid" satisfies MessageKey)
            .optional(),
          type: oneLineText()
            .max(100, "form.menuImageInvalid" satisfies MessageKey)
            .optional(),
        }),
      )
      .max(MAX_MENU_IMAGES, "upload.maxFiles" satisfies MessageKey),
    isPermanentlyClosed: z.boolean(),
    // The kashrut certificate.
    ...certificateFields,
    // The practical facts.
    ...practicalFields,
  })
  // Both or neither, and the pair a place in Israel: said on the latitude (the location's first
  // field), even while other fields still have mistakes (`when`), so the form shows it at once.
  .refine((values) => (values.latitude.trim() === "") === (values.longitude.trim() === ""), {
    error: "form.locationIncomplete" satisfies MessageKey,
    path: ["latitude"],
    when: coordinatesParsed,
  })
  .refine(
    (values) =>
      values.latitude.trim() === "" ||
      values.longitude.trim() === "" ||
      inIsrael({ lat: Number(values.latitude), lng: Number(values.longitude) }),
    {
      error: "form.locationOutside" satisfies MessageKey,
      path: ["latitude"],
      when: coordinatesParsed,
    },
  )
  // A certificate's details belong to a supervising body.
  .refine((values) => !detailsWithoutBody(values), DETAILS_NEED_BODY) satisfies z.ZodType<
  RestaurantFormValues,
  unknown
>;

export type FieldErrors = Partial<Record<keyof RestaurantFormValues, MessageKey>>;

/** Parses untrusted input; on failure, the first message per field (every rule names its key). */
export function parseRestaurantForm(
  input: unknown,
): { ok: true; values: RestaurantFormValues } | { ok: false; errors: FieldErrors } {
  const result = restaurantFormSchema.safeParse(input, FORM_PARSE);
  if (result.success) return { ok: true, values: withKashrutModel(result.data) };
  return { ok: false, errors: fieldMessages<keyof RestaurantFormValues>(result.error.issues) };
}

export const EMPTY_FORM: RestaurantFormValues = {
  nameEn: "",
  nameHe: "",
  address: "",
  addressHe: "",
  kashrut: "",
  phoneNumber: "",
  openingHours: "",
  openingHoursHe: "",
  wazeLink: "",
  latitude: "",
  longitude: "",
  menuLink: "",
  bookingLink: "",
  onlineOrderLink: "",
  woltLink: "",
  kashrutWebsite: "",
  photo: "",
  teuda: "",
  descriptionEn: "",
  descriptionHe: "",
  tags: [],
  menuImages: [],
  isPermanentlyClosed: false,
  certificateBody: "",
  certificateLevel: "",
  certificateNumber: "",
  certificateValidUntil: "",
  kosherKind: "",
  priceLevel: "",
  delivery: false,
  takeaway: false,
  catering: false,
  wheelchair: "",
};
