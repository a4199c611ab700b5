// Dates and paths of blog posts, for the pages that show them (no validation library here).

/** 'MMMM d, yyyy' — e.g. January 5, 2024 (the blog is in English). */
export function formatBlogDate(value: string | Date): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(value));
}

export function blogPath(post: { id: string; slug?: string | null }): string {
  return post.slug ? `/blog/s/${post.slug}` : `/blog/${post.id}`;
}
