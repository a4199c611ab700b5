// Blog rules (spec section 5): slugs, validation messages and dates. Pure, shared by the editor
// and the server action.
import { z } from "zod";
import { fieldMessages, FORM_PARSE, oneLineText, storableText } from "../../lib/form-rules";
import type { MessageKey } from "../../locales/en";

/**
 * A slug from a title: lower-cased; characters other than word characters, whitespace and hyphens
 * removed; whitespace runs become one hyphen; repeated hyphens collapse; trimmed.
 */
export function generateSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "")
    .replace(/_/g, "-")
    .replace(/-+/g, "-");
}

/** Slug on insert: the trimmed given slug if present, else generated from the title. */
export function slugForInsert(given: string | undefined, title: string): string {
  const trimmed = given?.trim() ?? "";
  return trimmed !== "" ? trimmed : generateSlug(title);
}

/** Slug on update: the trimmed given slug, else the existing slug, else generated from the title. */
export function slugForUpdate(given: string | undefined, existing: string | null | undefined, title: string): string {
  const trimmed = given?.trim() ?? "";
  if (trimmed !== "") return trimmed;
  if (existing && existing.trim() !== "") return existing;
  return generateSlug(title);
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An absolute http(s) URL, or a path on this site. */
function isImageUrl(value: string): boolean {
  if (/^\/[^/\s]/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const blogFormSchema = z.object({
  title: oneLineText()
    .trim()
    .min(1, "blog.titleRequired" satisfies MessageKey)
    .max(200, "form.tooLong" satisfies MessageKey),
  subtitle: oneLineText()
    .trim()
    .min(1, "blog.subtitleRequired" satisfies MessageKey)
    .max(500, "form.tooLong" satisfies MessageKey),
  slug: z
    .string()
    .trim()
    .min(1, "blog.slugRequired" satisfies MessageKey)
    .max(120, "form.tooLong" satisfies MessageKey)
    .regex(SLUG_PATTERN, "blog.slugInvalid" satisfies MessageKey),
  image: oneLineText()
    .trim()
    .max(2000, "form.tooLong" satisfies MessageKey)
    .refine(isImageUrl, "blog.imageInvalid" satisfies MessageKey),
  content: storableText()
    .trim()
    .min(1, "blog.contentRequired" satisfies MessageKey)
    .max(100_000, "form.tooLong" satisfies MessageKey),
});

export type BlogFormValues = z.infer<typeof blogFormSchema>;
export type BlogFieldErrors = Partial<Record<keyof BlogFormValues, MessageKey>>;

export function parseBlogForm(
  input: unknown,
): { ok: true; values: BlogFormValues } | { ok: false; errors: BlogFieldErrors } {
  const result = blogFormSchema.safeParse(input, FORM_PARSE);
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, errors: fieldMessages<keyof BlogFormValues>(result.error.issues) };
}

// The blog list and post pages need only these: kept apart so zod does not travel to their visitors.
export { blogPath, formatBlogDate } from "./format";
