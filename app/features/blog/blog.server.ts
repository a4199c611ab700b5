// Blog posts: list, read, create, update, delete. Writing is for admins: each write checks its
// actor itself (AppError "forbidden", nothing changed); scripts act as SYSTEM.
import { desc, eq } from "drizzle-orm";
import { blogs, type BlogRow } from "../../../database/schema/blogs";
import type { Db } from "../../../database/types";
import { AppError } from "../../lib/errors";
import type { Subject } from "../../lib/permissions";
import { assertCan, isSystem } from "../../lib/permissions.server";
import { SAMPLE_POSTS } from "./samples";
import { slugForInsert, slugForUpdate, type BlogFormValues } from "./rules";

export interface BlogPost {
  id: string;
  title: string;
  subtitle: string;
  image: string;
  content: string;
  date: string;
  slug: string | null;
}

function toPost(row: BlogRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    content: row.content,
    date: row.date.toISOString(),
    slug: row.slug,
  };
}

/** The spec's built-in posts, shown when the list cannot be loaded. */
export const FALLBACK_POSTS: BlogPost[] = SAMPLE_POSTS.map((post, index) => ({
  id: `sample-${index + 1}`,
  title: post.title,
  subtitle: post.subtitle,
  image: post.image,
  content: post.content,
  date: post.date,
  slug: post.slug,
}));

/** Newest first. If the database fails, the failure is logged and the sample posts are returned. */
export async function listBlogs(db: Db): Promise<{ posts: BlogPost[]; fallback: boolean }> {
  try {
    const rows = await db.select().from(blogs).orderBy(desc(blogs.date));
    return { posts: rows.map(toPost), fallback: false };
  } catch (error) {
    console.error("[blog] loading the list failed; showing the sample posts:", error);
    return { posts: FALLBACK_POSTS, fallback: true };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getBlogById(db: Db, id: string): Promise<BlogPost | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
  return row ? toPost(row) : undefined;
}

export async function getBlogBySlug(db: Db, slug: string): Promise<BlogPost | undefined> {
  // From the URL: a NUL character cannot be in a stored slug (and PostgreSQL refuses to compare one).
  if (slug.includes("\u0000")) return undefined;
  const [row] = await db.select().from(blogs).where(eq(blogs.slug, slug));
  return row ? toPost(row) : undefined;
}

/** No such post (or not a post's id or slug at all): 404, as an unknown restaurant is. */
export class BlogNotFoundError extends AppError {
  override name = "BlogNotFoundError";
  constructor(ref: string) {
    super("notFound", "blog.notFound", { subject: ref });
  }
}

/** The post at a page's address (`/blog/:id` or `/blog/s/:slug`), or BlogNotFoundError. */
export async function findBlog(db: Db, ref: { id?: string | undefined; slug?: string | undefined }): Promise<BlogPost> {
  const post = ref.slug !== undefined ? await getBlogBySlug(db, ref.slug) : await getBlogById(db, ref.id ?? "");
  if (!post) throw new BlogNotFoundError(ref.slug ?? ref.id ?? "");
  return post;
}

/** Another post has this slug: the form's slug field says so (400, as any invalid field). */
export class SlugTakenError extends AppError {
  override name = "SlugTakenError";
  constructor(slug: string) {
    super("invalid", "blog.saveFailed", { fieldErrors: { slug: "blog.slugTaken" }, subject: slug });
  }
}

async function assertSlugFree(db: Db, slug: string, exceptId?: string): Promise<void> {
  const [other] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, slug));
  if (other && other.id !== exceptId) throw new SlugTakenError(slug);
}

/** Who writes a post: a signed-in viewer, or SYSTEM. */
export type BlogAuthor = Subject & { id: string };

export async function createBlog(db: Db, author: BlogAuthor | null, values: BlogFormValues): Promise<BlogPost> {
  assertCan(author, "blog:manage");
  const slug = slugForInsert(values.slug, values.title);
  await assertSlugFree(db, slug);
  const [row] = await db
    .insert(blogs)
    .values({
      title: values.title,
      subtitle: values.subtitle,
      image: values.image,
      content: values.content,
      slug,
      created_by: isSystem(author) ? null : author.id,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return toPost(row);
}

/** Changes a post; BlogNotFoundError when there is no such post (any more). */
export async function updateBlog(db: Db, actor: Subject | null, id: string, values: BlogFormValues): Promise<BlogPost> {
  assertCan(actor, "blog:manage");
  const existing = await findBlog(db, { id });
  const slug = slugForUpdate(values.slug, existing.slug, values.title);
  await assertSlugFree(db, slug, id);
  const [row] = await db
    .update(blogs)
    .set({
      title: values.title,
      subtitle: values.subtitle,
      image: values.image,
      content: values.content,
      slug,
      updated_at: new Date(),
    })
    .where(eq(blogs.id, id))
    .returning();
  if (!row) throw new BlogNotFoundError(id);
  return toPost(row);
}

export async function deleteBlog(db: Db, actor: Subject | null, id: string): Promise<boolean> {
  assertCan(actor, "blog:manage");
  if (!UUID.test(id)) return false;
  const deleted = await db.delete(blogs).where(eq(blogs.id, id)).returning({ id: blogs.id });
  return deleted.length > 0;
}
