// Who may put which uploaded file on a restaurant, when a file is deleted, and the clean-up of
// uploads nobody attached (ADR 006, update 2026-11-23). Files are really stored in a temporary
// folder and really removed, as the server does.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRestaurant,
  deleteRestaurant,
  updateRestaurant,
} from "../../app/features/restaurants/editing/manage.server";
import { type Actor } from "../../app/features/restaurants/editing/changes.server";
import type { RestaurantFormValues } from "../../app/features/restaurants/core/types";
import {
  FileNotAllowedError,
  namedAnywhere,
  recordUpload,
  removeStoredFiles,
} from "../../app/features/restaurants/editing/uploads.server";
import { imageFiles } from "../../app/lib/images";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import { buildBlog, createUser, insertRestaurant } from "../../database/factories";
import { blogs } from "../../database/schema/blogs";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import { claims, suggestions } from "../../database/schema/lifecycle";
import { openDatabase } from "../../server/data/database";
import { createFileStore, createLocalStorage } from "../../server/uploads/storage";
import { cleanUploads, scheduleUploadCleanup } from "../../server/uploads/upload-cleanup";
import { commandLine } from "../setup/commands";
import { createServerDatabase, createTestDatabase, type TestDatabase } from "../setup/db";
import { createTestAuth } from "../setup/services";
import type { Db } from "../../database/types";

let database: TestDatabase;
let db: Db;
let uploadsDir: string;
let files: ReturnType<typeof createFileStore>;
const actors = {} as Record<"dana" | "omer" | "admin", Actor>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  uploadsDir = mkdtempSync(path.join(tmpdir(), "kta-ownership-"));
  files = createFileStore(createLocalStorage(uploadsDir));
  const auth = createTestAuth(db);
  for (const [name, role] of [
    ["dana", "owner"],
    ["omer", "owner"],
    ["admin", "admin"],
  ] as const) {
    const { id, email } = await createUser(db, auth, { email: `${name}@ownership.example`, firstName: name, role });
    actors[name] = { id, email, role };
  }
});
afterAll(async () => {
  await database?.destroy();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
});

let counter = 0;
/** Stores the files of a new upload (every width of an image) and records it as the upload route does. */
async function upload(
  by: Actor | null,
  kind: "photo" | "teuda" | "menu" | "pdf" = "photo",
  createdAt?: Date,
): Promise<string> {
  const id = (++counter).toString(16).padStart(24, "0");
  const url =
    kind === "pdf"
      ? `/uploads/restaurant-menus/pdf_${id}.pdf`
      : `/uploads/${kind === "menu" ? "restaurant-menus" : "restaurant-images"}/${id}-1200.webp`;
  for (const one of imageFiles(url)) {
    const file = path.join(uploadsDir, one.slice("/uploads/".length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "bytes");
  }
  await recordUpload(db, { url, kind, uploadedBy: by?.id ?? null });
  if (createdAt) await db.update(uploads).set({ created_at: createdAt }).where(eq(uploads.url, url));
  return url;
}
/** Whether every file of a stored URL is still on disk (true), all gone (false); mixed is a failure. */
function stored(url: string): boolean {
  const present = imageFiles(url).map((one) => existsSync(path.join(uploadsDir, one.slice("/uploads/".length))));
  expect(new Set(present).size, `${url}: some widths gone, some not`).toBe(1);
  return present[0]!;
}
const rowOf = async (url: string) => (await db.select().from(uploads).where(eq(uploads.url, url)))[0];
const form = (name: string, overrides: Partial<RestaurantFormValues> = {}): RestaurantFormValues => ({
  ...EMPTY_FORM,
  nameEn: name,
  address: "1 Ownership St",
  kashrut: "tzohar",
  ...overrides,
});
async function save(actor: Actor, id: string, values: RestaurantFormValues) {
  const { removedFiles, restaurant } = await updateRestaurant(db, actor, id, values);
  await removeStoredFiles(files, removedFiles);
  return { removedFiles, restaurant };
}
const HOUR = 60 * 60 * 1000;
/** A restaurant Dana made with a photo she uploaded, now attached to it. */
async function danasRestaurant(name: string) {
  const photo = await upload(actors.dana);
  const created = await createRestaurant(db, actors.dana, form(name, { photo }));
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, created.id));
  expect(row?.photo).toBe(photo);
  return row!;
}

describe("attaching files", () => {
  it("a new restaurant takes its creator's unattached uploads and attaches them", async () => {
    const photo = await upload(actors.dana);
    const pdf = await upload(actors.dana, "pdf");
    const menu = await upload(actors.dana, "menu");
    const created = await createRestaurant(
      db,
      actors.dana,
      form("Dana's", { photo, menuLink: pdf, menuImages: [{ url: menu, name: "m.webp" }] }),
    );
    for (const url of [photo, pdf, menu]) {
      expect(await rowOf(url)).toMatchObject({ restaurant_id: created.id, uploaded_by: actors.dana.id });
      expect((await rowOf(url))!.attached_at).toBeInstanceOf(Date);
    }
  });

  it("refuses someone else's unattached upload, a file attached elsewhere, and an unknown /uploads/ URL — and saves nothing", async () => {
    const mine = await createRestaurant(db, actors.omer, form("Omer's"));
    const danaRestaurant = await danasRestaurant("Dana's Other Place");
    const danas = await upload(actors.dana);
    const attached = danaRestaurant.photo!;
    const unknown = "/uploads/restaurant-images/ffffffffffffffffffffff00-1200.webp";
    for (const actor of [actors.omer, actors.admin]) {
      for (const [field, url] of [
        ["photo", danas],
        ["teuda", attached],
        ["photo", unknown],
      ] as const) {
        const attempt = updateRestaurant(db, actor, mine.id, form(`Renamed by ${actor.email}`, { [field]: url }));
        await expect(attempt).rejects.toBeInstanceOf(FileNotAllowedError);
        await expect(attempt).rejects.toMatchObject({ errors: { [field]: "upload.notYours" } });
      }
      await expect(
        createRestaurant(db, actor, form(`New by ${actor.email}`, { menuImages: [{ url: attached, name: "x" }] })),
      ).rejects.toMatchObject({
        errors: { menuImages: "upload.notYours" },
      });
    }
    expect(
      await db.$count(
        restaurants,
        sql`${restaurants.name_en} like 'Renamed by%' or ${restaurants.name_en} like 'New by%'`,
      ),
    ).toBe(0);
    expect(await rowOf(danas)).toMatchObject({ restaurant_id: null, uploaded_by: actors.dana.id });
    expect(await rowOf(attached)).toMatchObject({ restaurant_id: danaRestaurant.id });
    expect(stored(danas) && stored(attached)).toBe(true);
  });

  it("an admin follows the same rule: they may attach what they uploaded", async () => {
    const photo = await upload(actors.admin);
    const created = await createRestaurant(db, actors.admin, form("Admin's", { photo }));
    expect(await rowOf(photo)).toMatchObject({ restaurant_id: created.id });
  });

  it("a restaurant keeps a file it already names even when that file is attached to another one (data from before the fix)", async () => {
    const danaRestaurant = await danasRestaurant("Dana's Shared Photo");
    const shared = danaRestaurant.photo!;
    const legacy = await insertRestaurant(db, { slug: "legacy-sharer", photo: shared });
    const { removedFiles } = await save(actors.admin, legacy.id, form("Legacy Sharer", { photo: shared }));
    expect(removedFiles).toEqual([]);
    expect(await rowOf(shared)).toMatchObject({ restaurant_id: danaRestaurant.id });
  });
});

describe("deleting files: only when nothing names them", () => {
  it("replacing your own photo deletes the old one (file and record) after the save", async () => {
    const first = await upload(actors.omer);
    const created = await createRestaurant(db, actors.omer, form("Replacer", { photo: first }));
    const second = await upload(actors.omer);
    const { removedFiles } = await save(actors.omer, created.id, form("Replacer", { photo: second }));
    expect(removedFiles).toEqual([first]);
    expect(stored(first)).toBe(false);
    expect(await rowOf(first)).toBeUndefined();
    expect(stored(second)).toBe(true);
    expect(await rowOf(second)).toMatchObject({ restaurant_id: created.id });
  });

  it("a file another restaurant or a blog post (in any width) still names is detached, not deleted; the clean-up keeps it too", async () => {
    const byRestaurant = await upload(actors.dana, "photo", new Date(Date.now() - 1000 * HOUR));
    const byBlog = await upload(actors.dana, "menu", new Date(Date.now() - 1000 * HOUR));
    const created = await createRestaurant(
      db,
      actors.dana,
      form("Sharer", { photo: byRestaurant, menuImages: [{ url: byBlog, name: "m" }] }),
    );
    await insertRestaurant(db, { slug: "names-it-too", teuda: byRestaurant });
    await db
      .insert(blogs)
      .values(buildBlog({ slug: "uses-a-width", image: byBlog.replace(/-1200\.webp$/, "-400.webp") }));
    const { removedFiles } = await save(actors.dana, created.id, form("Sharer"));
    expect(removedFiles).toEqual([]);
    for (const url of [byRestaurant, byBlog]) {
      expect(stored(url), url).toBe(true);
      expect(await rowOf(url), url).toMatchObject({ restaurant_id: null });
    }
    expect(await cleanUploads({ db, files, graceHours: 24 })).not.toEqual(expect.arrayContaining([byRestaurant]));
    expect(stored(byRestaurant) && stored(byBlog)).toBe(true);
  });

  it("a menu image another restaurant lists is still named (every field of every restaurant counts)", async () => {
    const menu = await upload(actors.omer, "menu");
    const created = await createRestaurant(
      db,
      actors.omer,
      form("Menu Sharer", { menuImages: [{ url: menu, name: "m" }] }),
    );
    await insertRestaurant(db, {
      slug: "lists-the-menu",
      menu_images: [
        { url: "/uploads/x/other.webp", name: "o" },
        { url: menu, name: "m" },
      ],
    });
    expect([...(await namedAnywhere(db, [menu, "/uploads/restaurant-menus/nobody-1200.webp"]))]).toEqual([menu]);
    expect((await save(actors.omer, created.id, form("Menu Sharer"))).removedFiles).toEqual([]);
    expect(stored(menu)).toBe(true);
  });

  it("deleting a restaurant deletes its files that nothing else names, and keeps the others", async () => {
    const own = await upload(actors.dana);
    const teuda = await upload(actors.dana, "teuda");
    const named = await upload(actors.dana, "pdf");
    const created = await createRestaurant(db, actors.dana, form("Doomed", { photo: own, teuda, menuLink: named }));
    await db.insert(blogs).values(buildBlog({ slug: "links-the-pdf", image: named }));
    const removed = await deleteRestaurant(db, actors.admin, created.id);
    await removeStoredFiles(files, removed);
    expect(removed.sort()).toEqual([own, teuda].sort());
    expect(stored(own) || stored(teuda)).toBe(false);
    expect(await rowOf(own)).toBeUndefined();
    expect(stored(named)).toBe(true);
    expect(await rowOf(named)).toMatchObject({ restaurant_id: null });
  });

  it("a file that cannot be deleted is logged, and the rest are still deleted", async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const removed: string[] = [];
      await removeStoredFiles(
        {
          remove: async (url) =>
            url === "/uploads/a/bad.pdf" ? Promise.reject(new Error("EACCES")) : void removed.push(url),
        },
        ["/uploads/a/bad.pdf", "/uploads/a/ok.pdf"],
      );
      expect(removed).toEqual(["/uploads/a/ok.pdf"]);
      expect(errors).toHaveLength(1);
      expect(String(errors[0]![0])).toContain("/uploads/a/bad.pdf");
    } finally {
      console.error = original;
    }
  });
});

describe("clean-up of uploads nobody attached", () => {
  it("removes unattached uploads older than the grace period that nothing names; keeps young, attached and named ones", async () => {
    const now = new Date();
    const old = await upload(actors.omer, "photo", new Date(now.getTime() - 25 * HOUR));
    const oldPdf = await upload(null, "pdf", new Date(now.getTime() - 30 * HOUR));
    const young = await upload(actors.omer, "photo", new Date(now.getTime() - 23 * HOUR));
    const oldAttached = await upload(actors.omer, "photo", new Date(now.getTime() - 100 * HOUR));
    await createRestaurant(db, actors.omer, form("Keeps an old photo", { photo: oldAttached }));
    const oldNamedByBlog = await upload(actors.omer, "photo", new Date(now.getTime() - 100 * HOUR));
    await db.insert(blogs).values(buildBlog({ slug: "names-an-upload", image: oldNamedByBlog }));

    const removed = await cleanUploads({ db, files, graceHours: 24, now });
    expect(removed).toEqual(expect.arrayContaining([old, oldPdf]));
    for (const url of [old, oldPdf]) {
      expect(stored(url), url).toBe(false);
      expect(await rowOf(url), url).toBeUndefined();
    }
    for (const url of [young, oldAttached, oldNamedByBlog]) {
      expect(removed, url).not.toContain(url);
      expect(stored(url), url).toBe(true);
      expect(await rowOf(url), url).toBeDefined();
    }
    // Once its form could no longer be saved anyway, the young one goes too.
    expect(await cleanUploads({ db, files, graceHours: 24, now: new Date(now.getTime() + 2 * HOUR) })).toEqual([young]);
    expect(stored(young)).toBe(false);
  });

  it("keeps an upload held by a suggestion or a claim while it exists, and removes it once its holder is gone", async () => {
    const old = new Date(Date.now() - 100 * HOUR);
    const restaurant = await insertRestaurant(db, { slug: "held-uploads" });
    const [suggestion] = await db
      .insert(suggestions)
      .values({ address: "Dizengoff 1", language: "en", proof_of_work: true })
      .returning();
    const [claim] = await db
      .insert(claims)
      .values({
        restaurant_id: restaurant!.id,
        user_id: actors.omer.id!,
        role_at_restaurant: "Owner",
        business_phone: "03-555-1234",
        proof_url: "/x",
        language: "he",
      })
      .returning();
    const hold = async (url: string, holder: string) =>
      db.update(uploads).set({ held_by: holder }).where(eq(uploads.url, url));
    const bySuggestion = await upload(null, "teuda", old);
    const byClaim = await upload(actors.omer, "pdf", old);
    const orphan = await upload(null, "teuda", old);
    await hold(bySuggestion, suggestion!.id);
    await hold(byClaim, claim!.id);
    await hold(orphan, "00000000-0000-4000-8000-000000000000");

    const removed = await cleanUploads({ db, files, graceHours: 24 });
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(bySuggestion);
    expect(removed).not.toContain(byClaim);

    await db.delete(suggestions).where(eq(suggestions.id, suggestion!.id));
    await db.delete(restaurants).where(eq(restaurants.id, restaurant.id)); // the claim goes with its restaurant
    expect(await cleanUploads({ db, files, graceHours: 24 })).toEqual(expect.arrayContaining([bySuggestion, byClaim]));
    for (const url of [bySuggestion, byClaim]) expect(stored(url), url).toBe(false);
  });

  it("an upload cleaned up can no longer be attached", async () => {
    const gone = await upload(actors.omer, "photo", new Date(Date.now() - 48 * HOUR));
    expect(await cleanUploads({ db, files, graceHours: 24 })).toContain(gone);
    await expect(createRestaurant(db, actors.omer, form("Too late", { photo: gone }))).rejects.toBeInstanceOf(
      FileNotAllowedError,
    );
  });

  it("the server's timer runs the clean-up on its interval, without overlapping, until stopped", async () => {
    const first = await upload(actors.omer, "photo", new Date(Date.now() - 48 * HOUR));
    let runs = 0;
    const cleaner = scheduleUploadCleanup(async () => {
      runs++;
      await cleanUploads({ db, files, graceHours: 24 });
    }, 25);
    const deadline = Date.now() + 10_000;
    while (stored(first) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stored(first)).toBe(false);
    expect(await rowOf(first)).toBeUndefined();
    await cleaner.stop();
    const runsAtStop = runs;
    const second = await upload(actors.omer, "photo", new Date(Date.now() - 48 * HOUR));
    // A witness timer on the same interval, started after the stop: once it has run five times,
    // the stopped timer would have run too, had it still been going.
    let witnessed = 0;
    const witness = scheduleUploadCleanup(async () => void witnessed++, 25);
    const witnessDeadline = Date.now() + 10_000;
    while (witnessed < 5 && Date.now() < witnessDeadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await witness.stop();
    expect(witnessed).toBeGreaterThanOrEqual(5);
    expect(runs).toBe(runsAtStop);
    expect(stored(second)).toBe(true);
  });

  it("a failed run is logged and the timer goes on", async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let runs = 0;
    const cleaner = scheduleUploadCleanup(async () => {
      runs++;
      if (runs === 1) throw new Error("database down");
    }, 10);
    try {
      const deadline = Date.now() + 5_000;
      while (runs < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      await cleaner.stop();
      console.error = original;
    }
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(errors).toHaveLength(1);
    expect(String(errors[0]![0])).toContain("clean-up failed");
  });
});

describe("npm run uploads:clean", () => {
  it("removes abandoned uploads of the configured install and says how many", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kta-clean-cmd-"));
    const served = await createServerDatabase(dataDir);
    try {
      // The install's own database: PostgreSQL (a copy of the template) or PGlite in DATA_DIR.
      const installDb = served.database ?? (await openDatabase({ pgliteDir: path.join(dataDir, "db") }));
      const installFiles = path.join(dataDir, "uploads");
      const put = (url: string) => {
        for (const one of imageFiles(url)) {
          const file = path.join(installFiles, one.slice("/uploads/".length));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, "bytes");
        }
      };
      const abandoned = "/uploads/restaurant-images/abababababababababababab-1200.webp";
      const fresh = "/uploads/restaurant-menus/pdf_cdcdcdcdcdcdcdcdcdcdcdcd.pdf";
      put(abandoned);
      put(fresh);
      await installDb.db.insert(uploads).values([
        { url: abandoned, kind: "photo", created_at: new Date(Date.now() - 50 * HOUR) },
        { url: fresh, kind: "pdf", created_at: new Date(Date.now() - 10 * HOUR) },
      ]);
      if (!served.database) await installDb.close();

      const run = (args: string[]) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, [...commandLine("scripts/clean-uploads.ts"), ...args], {
            env: {
              PATH: process.env.PATH,
              HOME: process.env.HOME,
              DATA_DIR: dataDir,
              DEMO_DATA: "false",
              UPLOAD_GRACE_HOURS: "1",
              ...served.env,
            },
          });
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.on("exit", (code) => resolve({ code, output }));
        });
      // --grace-hours overrides UPLOAD_GRACE_HOURS (1 h here, which would take the 10-hour-old one too).
      const first = await run(["--grace-hours", "48"]);
      expect(first, first.output).toMatchObject({ code: 0 });
      expect(first.output).toContain("Removed 1 upload unused for more than 48 h.");
      expect(first.output).toContain(abandoned);
      const inDir = (url: string) =>
        imageFiles(url).some((one) => existsSync(path.join(installFiles, one.slice("/uploads/".length))));
      expect(inDir(abandoned)).toBe(false);
      expect(inDir(fresh)).toBe(true);

      const bad = await run(["--grace-hours", "soon"]);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain("--grace-hours");
    } finally {
      await served.database?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("migration backfill", () => {
  it("records the files restaurants already name as attached uploads (one row per file)", async () => {
    const backfill = readFileSync(path.resolve("drizzle/0006_uploads_backfill.sql"), "utf8");
    const photo = "/uploads/restaurant-images/9999999999999999999999aa-1200.webp";
    const menu = "/uploads/restaurant-menus/9999999999999999999999bb-800.webp";
    const pdf = "/uploads/restaurant-menus/pdf_9999999999999999999999cc.pdf";
    const a = await insertRestaurant(db, {
      slug: "backfill-a",
      photo,
      menu_link: pdf,
      menu_images: [{ url: menu, name: "m" }],
      teuda: "https://elsewhere.example/t.png",
    });
    const b = await insertRestaurant(db, { slug: "backfill-b", photo });
    await db.execute(sql.raw(backfill));
    const rows = await db
      .select()
      .from(uploads)
      .where(sql`${uploads.url} in (${photo}, ${menu}, ${pdf})`);
    expect(
      rows.map(({ url, kind, uploaded_by }) => ({ url, kind, uploaded_by })).sort((x, y) => x.url.localeCompare(y.url)),
    ).toEqual(
      [
        { url: photo, kind: "photo", uploaded_by: null },
        { url: menu, kind: "menu", uploaded_by: null },
        { url: pdf, kind: "pdf", uploaded_by: null },
      ].sort((x, y) => x.url.localeCompare(y.url)),
    );
    expect(rows.find((row) => row.url === pdf)?.restaurant_id).toBe(a.id);
    expect([a.id, b.id]).toContain(rows.find((row) => row.url === photo)?.restaurant_id);
    expect(await db.$count(uploads, sql`${uploads.url} like 'https:%'`)).toBe(0);
    // Both restaurants keep saving their forms unchanged (by an owner linked to them).
    await db
      .insert(restaurantOwners)
      .values([a, b].map((restaurant) => ({ restaurant_id: restaurant.id, user_id: actors.omer.id })));
    for (const id of [a.id, b.id]) {
      const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
      await expect(
        updateRestaurant(
          db,
          actors.omer,
          id,
          form(row!.name_en, { photo: row!.photo ?? "", menuLink: row!.menu_link ?? "", menuImages: row!.menu_images }),
        ),
      ).resolves.toMatchObject({ removedFiles: [] });
    }
  });
});
