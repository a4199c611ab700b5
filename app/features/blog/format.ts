// Dates and paths of blog posts, for the pages that show them (no validation library here).
import { formatLongDate } from "../../lib/dates";

/** 'MMMM d, yyyy' — e.g. January 5, 2024 (the blog is in English). */
export function formatBlogDate(value: string | Date): string {
  return formatLongDate(value, "en");
}

/** A post's path: built with every other page path in lib/paths. */
export { blogPath } from "../../lib/paths";
