// The blog on the server: admin-only writes (403 for anyone else, nothing changed), slug rules,
// and the sample posts when the list cannot be loaded.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listBlogs } from "../../app/features/blog/blog.server";
import type { AppServices } from "../../app/lib/context";
import { action as editorAction, loader as editorLoader } from "../../app/routes/blog-editor";
import { action as postAction, loader as postLoader } from "../../app/routes/blog-post";
import { loader as listLoader } from "../../app/routes/blogs";
import { buildBlog } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import type { Db } from "../../database/types";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
let services: AppServices;
const cookies: Record<string, string> = {};

async function user(name: string, role: "admin" | "owner" | "guest") {
  cookies[name] = (await signedInUser(services, { email: `${name}@blog.example`, role, firstName: name })).cookie;
}

const post = {
  title: "Shabbat Dinner Guide",
  subtitle: "Where to eat on Friday",
  slug: "",
  image: "https://img.example/a.jpg",
  content: "## Friday\n\nText.",
};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  await user("admin", "admin");
  await user("owner", "owner");
  await user("guest", "guest");
});
// Each test starts without posts and adds what it needs; the three accounts stay.
beforeEach(async () => {
  await database.db.delete(blogs);
});
afterAll(async () => {
  await database?.destroy();
});

describe("writing posts", () => {
  it("is for admins only: others are refused on the server and nothing is stored", async () => {
    for (const who of ["owner", "guest"]) {
      const outcome = await callRoute(editorAction, services, "/dashboard/blog/add", {
        cookie: cookies[who]!,
        form: { ...post, slug: "x" },
      });
      expect(outcome.status, who).toBe(403);
      const page = await callRoute(editorLoader, services, "/dashboard/blog/add", { cookie: cookies[who]! });
      expect(page.location, who).toBe("/blogs");
    }
    const visitor = await callRoute(editorAction, services, "/dashboard/blog/add", { form: { ...post, slug: "x" } });
    expect(visitor.location).toBe("/login");
    expect(await database.db.$count(blogs)).toBe(0);
  });

  it("validates with the spec's messages", async () => {
    const outcome = await callRoute(editorAction, services, "/dashboard/blog/add", {
      cookie: cookies.admin!,
      form: { title: "", subtitle: "", slug: "Bad Slug", image: "nope", content: "" },
    });
    expect(outcome.status).toBe(400);
    expect((outcome.data as { errors: object }).errors).toEqual({
      title: "blog.titleRequired",
      subtitle: "blog.subtitleRequired",
      slug: "blog.slugInvalid",
      image: "blog.imageInvalid",
      content: "blog.contentRequired",
    });
  });

  it("creates, then updates (keeping the slug when none is given), and keeps slugs unique", async () => {
    const created = await callRoute(editorAction, services, "/dashboard/blog/add", {
      cookie: cookies.admin!,
      form: { ...post, slug: "shabbat-guide" },
    });
    expect(created.status).toBe(302);
    const [row] = await database.db.select().from(blogs).where(eq(blogs.slug, "shabbat-guide"));
    expect(created.location).toBe(`/blog/${row!.id}`);
    expect(row!.created_by).toBeTruthy();

    const taken = await callRoute(editorAction, services, "/dashboard/blog/add", {
      cookie: cookies.admin!,
      form: { ...post, title: "Other", slug: "shabbat-guide" },
    });
    expect((taken.data as { errors: object }).errors).toEqual({ slug: "blog.slugTaken" });

    const forbidden = await callRoute(editorAction, services, `/dashboard/blog/edit/${row!.id}`, {
      cookie: cookies.owner!,
      params: { id: row!.id },
      form: { ...post, title: "Hacked", slug: "shabbat-guide" },
    });
    expect(forbidden.status).toBe(403);

    const updated = await callRoute(editorAction, services, `/dashboard/blog/edit/${row!.id}`, {
      cookie: cookies.admin!,
      params: { id: row!.id },
      form: { ...post, title: "Shabbat Dinner Guide 2026", slug: "shabbat-guide" },
    });
    expect(updated.status).toBe(302);
    const [after] = await database.db.select().from(blogs).where(eq(blogs.id, row!.id));
    expect(after).toMatchObject({ title: "Shabbat Dinner Guide 2026", slug: "shabbat-guide" });
  });

  it("deletes for admins only", async () => {
    const [row] = await database.db
      .insert(blogs)
      .values(buildBlog({ slug: "to-delete" }))
      .returning();
    const byOwner = await callRoute(postAction, services, "/blog/s/to-delete", {
      cookie: cookies.owner!,
      params: { slug: "to-delete" },
      form: {},
    });
    expect(byOwner.status).toBe(403);
    expect(await database.db.$count(blogs, eq(blogs.id, row!.id))).toBe(1);
    const byAdmin = await callRoute(postAction, services, "/blog/s/to-delete", {
      cookie: cookies.admin!,
      params: { slug: "to-delete" },
      form: {},
    });
    expect(byAdmin.location).toBe("/blogs");
    expect(await database.db.$count(blogs, eq(blogs.id, row!.id))).toBe(0);
  });
});

describe("reading posts", () => {
  it("finds a post by slug and by id, renders its markdown safely, and 404s a missing one", async () => {
    const [row] = await database.db
      .insert(blogs)
      .values(buildBlog({ slug: "safe-post", content: "## Safe\n\n<script>alert(1)</script>" }))
      .returning();
    const bySlug = await callRoute(postLoader, services, "/blog/s/safe-post", { params: { slug: "safe-post" } });
    const html = (bySlug.data as { post: { html: string } }).post.html;
    expect(html).toContain("<h2>Safe</h2>");
    expect(html).not.toContain("<script>");
    const byId = await callRoute(postLoader, services, `/blog/${row!.id}`, { params: { id: row!.id } });
    expect(byId.status).toBe(200);
    expect((byId.data as { post: { slug: string } }).post.slug).toBe("safe-post");
    const missing = await callRoute(postLoader, services, "/blog/nope", { params: { id: "nope" } });
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({ error: "blog.notFound" });
  });

  it("lists newest first and shows admins the Add Blog button only", async () => {
    await database.db
      .insert(blogs)
      .values([
        buildBlog({ slug: "middle", date: new Date("2026-03-01T10:00:00Z") }),
        buildBlog({ slug: "newest", date: new Date("2026-05-01T10:00:00Z") }),
        buildBlog({ slug: "oldest", date: new Date("2026-01-01T10:00:00Z") }),
      ]);
    const list = await callRoute(listLoader, services, "/blogs", { cookie: cookies.admin! });
    const dates = (list.data as { posts: { date: string }[] }).posts.map((p) => p.date);
    expect(dates).toHaveLength(3);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((list.data as { canManage: boolean }).canManage).toBe(true);
    expect(((await callRoute(listLoader, services, "/blogs")).data as { canManage: boolean }).canManage).toBe(false);
  });

  it("falls back to the two sample posts when the list cannot be loaded", async () => {
    const broken = {
      select: () => {
        throw new Error("database unavailable");
      },
    } as unknown as Db;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await listBlogs(broken);
    expect(result.fallback).toBe(true);
    expect(result.posts.map((p) => p.title)).toEqual([
      "Top 5 Kosher Restaurants in Tel Aviv",
      "Understanding Kashrut Certifications",
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
