// Refusals through the one error model (ADR 010, ADR 021): an unknown blog post is the 404 page,
// like an unknown restaurant; every refused action still answers its status with the message and
// the shape its page reads, and changes nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../app/lib/context";
import { action as accountAction } from "../../app/routes/account";
import { action as blogEditorAction, loader as blogEditorLoader } from "../../app/routes/blog-editor";
import { action as blogPostAction, loader as blogPostLoader } from "../../app/routes/blog-post";
import { action as indexAction } from "../../app/routes/dashboard/index";
import { action as reportsAction } from "../../app/routes/dashboard/reports";
import { action as restaurantAction } from "../../app/routes/dashboard/restaurant";
import { action as usersAction, loader as usersLoader } from "../../app/routes/dashboard/users";
import { action as reportAction } from "../../app/routes/report";
import { insertRestaurant } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { reports } from "../../database/schema/reports";
import { restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

let database: TestDatabase;
let services: AppServices;
const cookies: Record<"admin" | "owner", string> = { admin: "", owner: "" };
let ownerId = "";
let restaurantId = "";

const post = {
  title: "Shabbat Dinner Guide",
  subtitle: "Where to eat on Friday",
  slug: "shabbat-guide",
  image: "https://img.example/a.jpg",
  content: "Text.",
};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  cookies.admin = (await signedInUser(services, { email: "admin@answers.example", role: "admin" })).cookie;
  const owner = await signedInUser(services, { email: "owner@answers.example", role: "owner" });
  cookies.owner = owner.cookie;
  ownerId = owner.id;
  restaurantId = (await insertRestaurant(database.db, { slug: "answers-place", name_en: "Answers Place" })).id;
});
afterAll(async () => {
  await database?.destroy();
});

describe("an unknown blog post", () => {
  it("is the 404 page in the editor, for an id that is no post and for one that is not an id", async () => {
    for (const id of [randomUUID(), "not-an-id"]) {
      const page = await callRoute(blogEditorLoader, services, `/dashboard/blog/edit/${id}`, {
        cookie: cookies.admin,
        params: { id },
      });
      expect(page.status, id).toBe(404);
      expect(page.data, id).toEqual({ error: "blog.notFound" });
      expect(page.location, id).toBeUndefined();
    }
  });

  it("is the 404 page to read, by id and by slug", async () => {
    const byId = await callRoute(blogPostLoader, services, `/blog/${randomUUID()}`, { params: { id: randomUUID() } });
    const bySlug = await callRoute(blogPostLoader, services, "/blog/s/no-such-post", {
      params: { slug: "no-such-post" },
    });
    for (const outcome of [byId, bySlug]) {
      expect(outcome.status).toBe(404);
      expect(outcome.data).toEqual({ error: "blog.notFound" });
    }
  });

  it("cannot be saved (404, stored nothing) nor deleted (404 with the delete message)", async () => {
    const id = randomUUID();
    const saved = await callRoute(blogEditorAction, services, `/dashboard/blog/edit/${id}`, {
      cookie: cookies.admin,
      params: { id },
      form: post,
    });
    expect(saved.status).toBe(404);
    expect(saved.data).toEqual({ error: "blog.notFound" });
    expect(await database.db.$count(blogs)).toBe(0);
    const deleted = await callRoute(blogPostAction, services, `/blog/${id}`, {
      cookie: cookies.admin,
      params: { id },
      form: {},
    });
    expect(deleted.status).toBe(404);
    expect(deleted.data).toEqual({ error: "blog.deleteFailed" });
  });
});

describe("refused actions answer their status and message", () => {
  it("blog editor: 403 for an owner, 400 with each field's message for an admin's invalid post", async () => {
    const byOwner = await callRoute(blogEditorAction, services, "/dashboard/blog/add", {
      cookie: cookies.owner,
      form: post,
    });
    expect(byOwner.status).toBe(403);
    const invalid = await callRoute(blogEditorAction, services, "/dashboard/blog/add", {
      cookie: cookies.admin,
      form: { ...post, title: "", slug: "Bad Slug" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({
      error: "blog.saveFailed",
      errors: { title: "blog.titleRequired", slug: "blog.slugInvalid" },
    });
    expect(await database.db.$count(blogs)).toBe(0);
  });

  it("account: an intent no form sends is 400 on the profile form", async () => {
    const outcome = await callRoute(accountAction, services, "/account", {
      cookie: cookies.owner,
      form: { intent: "becomeAdmin" },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toEqual({ intent: "profile", ok: false, error: "error.unexpected" });
  });

  it("report: the honeypot, the form's rules and a missing proof-of-work are 400 with the values sent back", async () => {
    const url = "/en/restaurant/answers-place/report";
    const params = { slug: "answers-place" };
    const fields = { reason: "hours", note: "Closes at 22:00", email: "" };
    const honeypot = await callRoute(reportAction, services, url, {
      params,
      form: { ...fields, website: "http://spam.example" },
    });
    expect(honeypot.status).toBe(400);
    expect(honeypot.data).toEqual({ error: "report.refused", fields });
    const invalid = await callRoute(reportAction, services, url, { params, form: { ...fields, reason: "" } });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toEqual({
      error: "form.invalid",
      errors: { reason: "report.reasonRequired" },
      fields: { ...fields, reason: "" },
    });
    const noProof = await callRoute(reportAction, services, url, { params, form: { ...fields, mode: "pow", pow: "" } });
    expect(noProof.status).toBe(400);
    expect(noProof.data).toEqual({ error: "report.proofFailed", fields });
    expect(await database.db.$count(reports)).toBe(0);
  });

  it("dashboard: a wrong intent is 400 and an owner's delete 403, with the page's messages; nothing deleted", async () => {
    const wrongIntent = await callRoute(indexAction, services, "/dashboard", {
      cookie: cookies.admin,
      form: { intent: "purge", id: restaurantId },
    });
    expect(wrongIntent.status).toBe(400);
    expect(wrongIntent.data).toEqual({ error: "manage.deleteFailed" });
    const byOwner = await callRoute(indexAction, services, "/dashboard", {
      cookie: cookies.owner,
      form: { intent: "delete", id: restaurantId },
    });
    expect(byOwner.status).toBe(403);
    expect(byOwner.data).toEqual({ error: "manage.onlyAdminsDelete" });
    expect(await database.db.$count(restaurants)).toBe(1);
  });

  it("restaurant editor: invalid values are 400 with each field's message; a panel request without a value is 400 with its message", async () => {
    const invalid = await callRoute(restaurantAction, services, "/dashboard/add", {
      cookie: cookies.admin,
      json: { intent: "save", values: { nameEn: "" } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ error: "form.invalid", errors: { nameEn: "form.nameEnMin" } });
    const noUser = await callRoute(restaurantAction, services, `/dashboard/edit/${restaurantId}`, {
      cookie: cookies.admin,
      params: { id: restaurantId },
      form: { intent: "addOwner", userId: "" },
    });
    expect(noUser.status).toBe(400);
    expect(noUser.data).toEqual({ ok: false, error: "owners.selectUser" });
    const badDate = await callRoute(restaurantAction, services, `/dashboard/edit/${restaurantId}`, {
      cookie: cookies.admin,
      params: { id: restaurantId },
      form: { intent: "verify", date: "2026-02-30" },
    });
    expect(badDate.status).toBe(400);
    expect(badDate.data).toEqual({ ok: false, error: "verification.failed" });
  });

  it("reports queue: an unknown intent is 400 naming the report", async () => {
    const outcome = await callRoute(reportsAction, services, "/dashboard/reports", {
      cookie: cookies.admin,
      form: { intent: "shred", reportId: "r-1" },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toEqual({ error: "error.unexpected", reportId: "r-1" });
  });

  it("users: a role that is none is 400; a search with a NUL character is 400 with the search field's message and no users", async () => {
    const badRole = await callRoute(usersAction, services, "/dashboard/users", {
      cookie: cookies.admin,
      form: { userId: ownerId, role: "emperor" },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.data).toEqual({ error: "error.unexpected" });
    const search = await callRoute(usersLoader, services, "/dashboard/users?q=a%00b", { cookie: cookies.admin });
    expect(search.status).toBe(400);
    expect(search.data).toEqual({
      users: [],
      page: 1,
      pages: 1,
      total: 0,
      search: "",
      error: "error.invalidCharacters",
      errors: { q: "error.invalidCharacters" },
    });
  });
});
