// Dates and paths of blog posts, for the pages that show them (no validation library here).
import { dateFormat } from "../../lib/dates";

/** 'MMMM d, yyyy' — e.g. January 5, 2024 (the blog is in English). */
export function formatBlogDate(value: string | Date): string {
  return dateFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(value),
  );
}

/** A post's path: built with every other page path in lib/paths. */
export { blogPath } from "../../lib/paths";
