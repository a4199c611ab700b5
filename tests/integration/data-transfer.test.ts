// `npm run export` / `npm run import` (docs/data-transfer.md): the file's shape, the round trip,
// the all-or-nothing rule with row-numbered errors in both languages, dry runs, and that an import
// is a dashboard edit as far as the history and the change announcements are concerned.
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBlog } from "../../app/features/blog/blog.server";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import { setRestaurantHours } from "../../app/features/restaurants/hours/hours.server";
import {
  createRestaurant,
  saveRestaurantPesach,
  setVerificationDate,
  updateRestaurant,
} from "../../app/features/restaurants/editing/manage.server";
import { addOwner } from "../../app/features/restaurants/editing/owners.server";
import { recordUpload } from "../../app/features/restaurants/editing/uploads.server";
import type { RestaurantFormValues } from "../../app/features/restaurants/core/types";
import { SYSTEM } from "../../app/lib/permissions.server";
import { en } from "../../app/locales/en";
import { he } from "../../app/locales/he";
import { createUser, insertRestaurant, type CreatedUser } from "../../database/factories";
import type { WeeklyHours } from "../../database/hours";
import { blogs } from "../../database/schema/blogs";
import {
  restaurantChanges,
  restaurantOwners,
  restaurants,
  restaurantSlugRedirects,
} from "../../database/schema/restaurants";
import { uploads } from "../../database/schema/uploads";
import type { Db } from "../../database/types";
import { CHANGE_CHANNEL } from "../../server/data/changes";
import { openDatabase } from "../../server/data/database";
import { loadDemoData } from "../../server/ops/demo-data";
import { storedFilesOf } from "../../server/ops/data-transfer/carried";
import { exportData } from "../../server/ops/data-transfer/export";
import { readImportSource, TransferFileError, writeBundle, writeExport } from "../../server/ops/data-transfer/files";
import {
  fromCsv,
  fromJson,
  toCsv,
  toJson,
  type ExportedRestaurant,
  type ExportFile,
  type ImportInput,
} from "../../server/ops/data-transfer/format";
import { describeSummary, formatRowError, importData, type ImportResult } from "../../server/ops/data-transfer/import";
import { openStoredFileReader } from "../../server/uploads/open-storage";
import { createS3Storage } from "../../server/uploads/s3-storage";
import { createLocalStorage, readLocalFile, storedKeys, type Storage } from "../../server/uploads/storage";
import { writeArchive } from "../../server/ops/tar";
import type { UploadKind } from "../../app/features/restaurants/editing/upload-rules";
import { processUpload } from "../../server/uploads/processing";
import {
  createServerDatabase,
  createTestDatabase,
  placeMigratedPglite,
  secondRunOnPostgres,
  type TestDatabase,
} from "../setup/db";
import { commandLine } from "../setup/commands";
import { startTestBucket } from "../setup/s3";
import { startServer } from "../setup/server-process";
import { createTestAuth } from "../setup/services";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FSI = "\u2068";
const PDI = "\u2069";

let database: TestDatabase;
let db: Db;
let owner: CreatedUser;
let secondOwner: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const auth = createTestAuth(db);
  owner = await createUser(db, auth, { role: "owner", email: "owner@example.com" });
  secondOwner = await createUser(db, auth, { role: "owner", email: "second.owner@example.com" });
  await createUser(db, auth, { role: "guest", email: "guest@example.com" });
  admin = await createUser(db, auth, { role: "admin", email: "admin@example.com" });
});
afterAll(async () => {
  await database?.destroy();
});

/** No restaurants, posts, history or uploads (the accounts stay): an empty directory. */
async function emptyDirectory(): Promise<void> {
  await db.delete(restaurants);
  await db.delete(restaurantSlugRedirects);
  await db.delete(restaurantChanges);
  await db.delete(blogs);
  await db.delete(uploads);
}
beforeEach(emptyDirectory);

const HOURS: WeeklyHours = {
  days: [
    [{ from: "12:00", to: "23:00" }],
    [
      { from: "12:00", to: "15:00" },
      { from: "18:00", to: "23:30" },
    ],
    [],
    [],
    [],
    [],
    [],
  ],
  closedOnShabbat: true,
  beforeRest: { kind: "candles", minutes: 30 },
  afterRest: { kind: "havdalah", minutes: 60 },
};

const harbor = (overrides: Partial<RestaurantFormValues> = {}): RestaurantFormValues => ({
  ...EMPTY_FORM,
  nameEn: "Harbor Grill",
  nameHe: "גריל הנמל",
  address: "5 Port St, Tel Aviv",
  kashrut: "mehadrin",
  phoneNumber: "03-5550101",
  openingHours: "Sun–Thu 12:00–23:00, שישי עד 14:00",
  wazeLink: "https://waze.com/ul?ll=32.0853,34.7818",
  latitude: "32.0853",
  longitude: "34.7818",
  menuLink: "https://harbor.example/menu",
  bookingLink: "https://book.example/harbor",
  photo: "https://images.example/harbor.jpg",
  teuda: "https://images.example/harbor-teuda.jpg",
  descriptionEn: 'Fish, "grilled" by the sea,\nwith a view; and a | pipe',
  descriptionHe: "דגים על הגריל, ליד הים — English inside",
  tags: ["Fish", "Grill"],
  menuImages: [{ url: "https://images.example/menu-1.jpg", name: "תפריט | עמוד 1", size: 123_456, type: "image/jpeg" }],
  // The kashrut certificate travels with the form's fields.
  certificateBody: "badatz_beit_yosef",
  certificateLevel: "mehadrin",
  certificateNumber: "BY-778",
  certificateValidUntil: "2027-04-19",
  // The practical facts too.
  priceLevel: "3",
  delivery: true,
  takeaway: false,
  catering: true,
  wheelchair: "partly",
  ...overrides,
});

/** Two restaurants (one with everything: hours, verification, two owners; one made as old data was) and two posts. */
async function seed(): Promise<{ harborId: string }> {
  const grill = await createRestaurant(db, SYSTEM, harbor());
  await setRestaurantHours(db, SYSTEM, grill.id, HOURS);
  await setVerificationDate(db, SYSTEM, grill.id, "2026-03-04");
  await addOwner(db, SYSTEM, grill.id, owner.id);
  await addOwner(db, SYSTEM, grill.id, secondOwner.id);
  // A slug that is not the name's (older data): the import keeps it, so its address stays.
  await insertRestaurant(db, {
    name_en: "Café Noir",
    name_he: null,
    slug: "cafe-noir-legacy",
    address: "1 Dizengoff St",
    // As the one kashrut model's migration left such a row: the body its value implies (ADR 032).
    kashrut: "rabanut",
    certificate_body: "rabbinate_tel_aviv",
    certificate_level: "regular",
    tags: ["Cafe"],
    is_permanently_closed: true,
  });
  const top = await createBlog(db, SYSTEM, {
    title: "Top 5 Kosher Restaurants",
    subtitle: "Where to eat, 2026",
    slug: "top-5",
    image: "https://images.example/top.jpg",
    content: '## הכי טובות\n\nFive places, with "quotes", commas and a | pipe.\n\n- one\n- two',
  });
  await db
    .update(blogs)
    .set({ date: new Date("2024-01-05T09:30:00.000Z") })
    .where(eq(blogs.id, top.id));
  await createBlog(db, SYSTEM, {
    title: "כשרות בתל אביב",
    subtitle: "רבנות, מהדרין וצהר",
    slug: "kashrut-guide",
    image: "/images/blog-placeholder.svg",
    content: "טקסט בעברית.",
  });
  return { harborId: grill.id };
}

const asJson = (data: ExportFile): ImportInput => fromJson(toJson(data));
function asCsv(data: ExportFile): ImportInput {
  return {
    restaurants: fromCsv(toCsv("restaurants", data.restaurants)).rows,
    posts: fromCsv(toCsv("posts", data.posts)).rows,
  };
}
const historyCount = async () => (await db.select().from(restaurantChanges)).length;
const errorsOf = (result: ImportResult) => (result.ok ? [] : result.errors);

describe("export", () => {
  it("writes every restaurant with the form's fields, its slug, hours, verification date and owners, and every post", async () => {
    await seed();
    const data = await exportData(db);
    expect(data).toMatchObject({ format: "kosher-tel-aviv", version: 1 });
    expect(data.restaurants.map((r) => r.slug)).toEqual(["cafe-noir-legacy", "harbor-grill"]);
    expect(data.restaurants[1]).toEqual({
      slug: "harbor-grill",
      ...harbor(),
      hours: HOURS,
      pesach: {},
      lastVerified: "2026-03-04",
      owners: ["owner@example.com", "second.owner@example.com"],
    });
    expect(data.restaurants[0]).toMatchObject({
      nameEn: "Café Noir",
      nameHe: "",
      isPermanentlyClosed: true,
      hours: null,
      lastVerified: "",
      owners: [],
    });
    expect(data.posts.map((post) => [post.slug, post.date])).toEqual([
      ["kashrut-guide", expect.any(String)],
      ["top-5", "2024-01-05T09:30:00.000Z"],
    ]);
  });

  it("as CSV: a header of the column names, lists joined by |, menu images and hours as JSON, UTF-8 with a BOM", async () => {
    await seed();
    const data = await exportData(db);
    const csv = toCsv("restaurants", data.restaurants);
    // The Hebrew address and hours note follow their English, as in the form.
    expect(csv.startsWith("\uFEFFslug,nameEn,nameHe,address,addressHe,kashrut,")).toBe(true);
    expect(csv.split("\n")[0]).toContain(",openingHours,openingHoursHe,");
    expect(csv.split("\n")[0]).toMatch(
      /,tags,menuImages,isPermanentlyClosed,certificateBody,certificateLevel,certificateNumber,certificateValidUntil,kosherKind,priceLevel,delivery,takeaway,catering,wheelchair,hours,pesach,lastVerified,owners$/,
    );
    expect(csv).toContain("Fish|Grill");
    expect(csv).toContain("owner@example.com|second.owner@example.com");
    expect(csv).toContain("גריל הנמל");
    expect(csv).toContain('"[{""url"":""https://images.example/menu-1.jpg"",""name"":""תפריט | עמוד 1""');
    expect(toCsv("posts", data.posts).split("\n")[0]).toBe("\uFEFFslug,title,subtitle,image,content,date");
  });

  it("as CSV, never hands a spreadsheet a formula: a cell starting with =, +, -, @ or ' gets an apostrophe, which the import takes off", () => {
    const risky = ['=HYPERLINK("https://evil.example")', "+972-3-555-0000", "-5", "@SUM(A1)", "'quoted", "plain"];
    const csv = toCsv(
      "posts",
      risky.map((title, i) => ({ slug: `p-${i}`, title, subtitle: "", image: "", content: "x", date: "" })),
    );
    const cells = csv
      .split("\n")
      .slice(1, -1)
      .map((line) => line.slice(line.indexOf(",") + 1));
    expect(cells.map((cell) => cell.replace(/^"|,.*$/g, "").charAt(0))).toEqual(["'", "'", "'", "'", "'", "p"]);
    expect(fromCsv(csv).rows.map((row) => row.values.title)).toEqual(risky);
  });
});

describe("import", () => {
  // Pesach
  it("carries Pesach plans by year through JSON and CSV; a bad plan is refused with its row's message in both languages", async () => {
    const { harborId } = await seed();
    const plan = {
      status: "kosher" as const,
      kitniyot: false,
      certificate: { body: "tzohar" as const, validUntil: "2027-04-30" },
      cholHamoed: [{ from: "10:00", to: "22:00" }],
    };
    await saveRestaurantPesach(db, SYSTEM, harborId, "2027", plan);
    const exported = await exportData(db);
    expect(exported.restaurants.find((r) => r.slug === "harbor-grill")?.pesach).toEqual({ "2027": plan });
    expect(toCsv("restaurants", exported.restaurants)).toContain('"{""2027"":{""status"":""kosher""');
    // Re-imported as it was exported, in either spelling: nothing changes.
    for (const input of [asJson(exported), asCsv(exported)])
      expect(await importData(db, input)).toMatchObject({ ok: true, summary: { restaurants: { unchanged: 2 } } });

    const changed = structuredClone(exported);
    changed.restaurants.find((r) => r.slug === "harbor-grill")!.pesach = { "2028": { status: "closed" } };
    expect(await importData(db, asCsv(changed))).toMatchObject({ ok: true, summary: { restaurants: { updated: 1 } } });
    expect((await db.select().from(restaurants).where(eq(restaurants.id, harborId)))[0]?.pesach).toEqual({
      "2028": { status: "closed" },
    });

    const bad = structuredClone(exported);
    (bad.restaurants[1] as unknown as Record<string, unknown>).pesach = { "2027": { status: "open" } };
    const refused = await importData(db, asJson(bad));
    expect(errorsOf(refused).map(({ row, field }) => [row, field])).toEqual([[2, "pesach"]]);
    expect(errorsOf(refused)[0]!.message.en).toContain("Pesach must be JSON");
    expect(errorsOf(refused)[0]!.message.he).toContain("פסח");
    expect((await db.select().from(restaurants).where(eq(restaurants.id, harborId)))[0]?.pesach).toEqual({
      "2028": { status: "closed" },
    });
  });

  it.each([
    ["JSON", asJson],
    ["CSV", asCsv],
  ])(
    "of an export into an empty directory reproduces it (%s), and importing it again changes nothing",
    async (_format, read) => {
      await seed();
      const before = await exportData(db);
      await emptyDirectory();

      const result = await importData(db, read(before));
      expect(result).toEqual({
        ok: true,
        dryRun: false,
        summary: {
          restaurants: { created: 2, updated: 0, unchanged: 0 },
          posts: { created: 2, updated: 0, unchanged: 0 },
          ownersLinked: 2,
          ownersUnlinked: 0,
          filesBrought: 0,
        },
        removedFiles: [],
        warnings: [],
      });
      const after = await exportData(db);
      expect(after.restaurants).toEqual(before.restaurants);
      expect(after.posts).toEqual(before.posts);

      const changes = await historyCount();
      const again = await importData(db, read(after));
      expect(again).toMatchObject({
        ok: true,
        summary: {
          restaurants: { created: 0, updated: 0, unchanged: 2 },
          posts: { created: 0, updated: 0, unchanged: 2 },
          ownersLinked: 0,
          ownersUnlinked: 0,
        },
      });
      expect(await historyCount()).toBe(changes);
    },
  );

  it("imports nothing when one row among good ones is bad, and names its row and field in English and Hebrew (JSON rows count from 1)", async () => {
    const file: ImportInput = fromJson(
      JSON.stringify({
        restaurants: [
          { ...harbor(), slug: "" },
          { ...harbor({ nameEn: "X", kashrut: "kosher-ish" }), slug: "" },
          { ...harbor({ nameEn: "Third Place" }), slug: "" },
        ],
        posts: [
          {
            slug: "fine-post",
            title: "Fine",
            subtitle: "Fine",
            image: "https://images.example/p.jpg",
            content: "Text",
            date: "",
          },
        ],
      }),
    );
    const result = await importData(db, file);
    expect(errorsOf(result).map(({ table, row, field }) => ({ table, row, field }))).toEqual([
      { table: "restaurants", row: 2, field: "nameEn" },
      { table: "restaurants", row: 2, field: "kashrut" },
    ]);
    expect(errorsOf(result)[0]!.message).toEqual({ en: en["form.nameEnMin"], he: he["form.nameEnMin"] });
    expect(formatRowError(errorsOf(result)[0]!)).toBe(
      `Row 2, nameEn: ${en["form.nameEnMin"]}\n    ${he["form.nameEnMin"]}`,
    );
    expect(await db.select().from(restaurants)).toEqual([]);
    expect(await db.select().from(blogs)).toEqual([]);
    expect(await historyCount()).toBe(0);
  });

  it("refuses a bad certificate: an unknown body, a date that is no day, details without a body, each named by row and field in both languages", async () => {
    const file: ImportInput = fromJson(
      JSON.stringify({
        restaurants: [
          { ...harbor({ nameEn: "First Place" }), slug: "" },
          { ...harbor({ nameEn: "Second Place", certificateBody: "kosher-enough" }), slug: "" },
          { ...harbor({ nameEn: "Third Place", certificateValidUntil: "2027-02-30" }), slug: "" },
          { ...harbor({ nameEn: "Fourth Place", certificateBody: "" }), slug: "" },
        ],
        posts: [],
      }),
    );
    const result = await importData(db, file);
    expect(errorsOf(result).map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      {
        row: 2,
        field: "certificateBody",
        message: { en: en["form.certificateBodyInvalid"], he: he["form.certificateBodyInvalid"] },
      },
      {
        row: 3,
        field: "certificateValidUntil",
        message: { en: en["form.certificateDateInvalid"], he: he["form.certificateDateInvalid"] },
      },
      {
        row: 4,
        field: "certificateBody",
        message: { en: en["form.certificateBodyRequired"], he: he["form.certificateBodyRequired"] },
      },
    ]);
    expect(await db.select().from(restaurants)).toEqual([]);
  });

  it("carries the practical facts through JSON and CSV, in the history; bad values are refused by row and field in both languages", async () => {
    const { harborId } = await seed();
    const exported = await exportData(db);
    expect(exported.restaurants.find((r) => r.slug === "harbor-grill")).toMatchObject({
      priceLevel: "3",
      delivery: true,
      takeaway: false,
      catering: true,
      wheelchair: "partly",
    });
    // The closed café from older data: nothing given.
    expect(exported.restaurants.find((r) => r.slug === "cafe-noir-legacy")).toMatchObject({
      priceLevel: "",
      delivery: false,
      wheelchair: "",
    });
    const csv = toCsv("restaurants", exported.restaurants);
    expect(csv.split("\n")[0]).toContain("priceLevel,delivery,takeaway,catering,wheelchair");

    // A hand-written CSV: TRUE as a spreadsheet writes it, an empty cell unticked; the level as a number in JSON.
    const rows = fromCsv(csv).rows;
    const harborRow = rows.find((row) => row.values.slug === "harbor-grill")!;
    Object.assign(harborRow.values, { priceLevel: "1", delivery: false, takeaway: true, wheelchair: "yes" });
    const changes = await historyCount();
    expect(await importData(db, { restaurants: rows, posts: [] })).toMatchObject({
      ok: true,
      summary: { restaurants: { updated: 1, unchanged: 1 } },
    });
    const [stored] = await db.select().from(restaurants).where(eq(restaurants.id, harborId));
    expect(stored).toMatchObject({
      price_level: 1,
      delivery: false,
      takeaway: true,
      catering: true,
      wheelchair: "yes",
    });
    const [history] = await db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, harborId))
      .orderBy(desc(restaurantChanges.created_at))
      .limit(1);
    expect(await historyCount()).toBe(changes + 1);
    expect(history?.changes).toMatchObject({
      price_level: { old: 3, new: 1 },
      delivery: { old: true, new: false },
      takeaway: { old: false, new: true },
      wheelchair: { old: "partly", new: "yes" },
    });
    expect(history?.changes).not.toHaveProperty("catering");
    const numbered = await importData(
      db,
      fromJson(JSON.stringify({ restaurants: [{ slug: "harbor-grill", priceLevel: 4 }], posts: [] })),
    );
    expect(numbered).toMatchObject({ ok: true, summary: { restaurants: { updated: 1 } } });
    expect((await db.select().from(restaurants).where(eq(restaurants.id, harborId)))[0]?.price_level).toBe(4);

    const bad = fromJson(
      JSON.stringify({
        restaurants: [
          { slug: "harbor-grill", priceLevel: "5" },
          { slug: "cafe-noir-legacy", wheelchair: "sometimes", delivery: "yes" },
        ],
        posts: [],
      }),
    );
    const refused = await importData(db, bad);
    expect(errorsOf(refused).map(({ row, field, message }) => ({ row, field, message }))).toEqual([
      { row: 1, field: "priceLevel", message: { en: en["form.priceLevelInvalid"], he: he["form.priceLevelInvalid"] } },
      { row: 2, field: "delivery", message: { en: en["form.yesNoInvalid"], he: he["form.yesNoInvalid"] } },
      { row: 2, field: "wheelchair", message: { en: en["form.wheelchairInvalid"], he: he["form.wheelchairInvalid"] } },
    ]);
    // A CSV cell that is not true or false is that row's error, not a file error.
    const maybe = exported.restaurants.map((r) =>
      r.slug === "harbor-grill" ? { ...r, delivery: "maybe" as unknown as boolean } : r,
    );
    const badCsv = fromCsv(toCsv("restaurants", maybe)).rows;
    expect(errorsOf(await importData(db, { restaurants: badCsv, posts: [] })).map(({ field }) => field)).toEqual([
      "delivery",
    ]);
    expect((await db.select().from(restaurants).where(eq(restaurants.id, harborId)))[0]).toMatchObject({
      price_level: 4,
      delivery: false,
      wheelchair: "yes",
    });
  });

  it("numbers CSV rows as a spreadsheet does (the header is row 1), and reports a row with the wrong number of cells", async () => {
    // One line per row here (the test splits lines; a cell may hold line breaks, and is then still one row).
    const good = toCsv("restaurants", [
      { ...harbor({ descriptionEn: "By the sea" }), slug: "", hours: null, pesach: {}, lastVerified: "", owners: [] },
    ])
      .trimEnd()
      .split("\n");
    const [header, row] = [good[0]!, good[1]!];
    const csv = [header, row, row.replace("mehadrin", "kosher-ish"), "", "just,three,cells", row].join("\n");
    const { table, rows } = fromCsv(csv);
    expect(table).toBe("restaurants");
    const result = await importData(db, { restaurants: rows, posts: [] });
    expect(errorsOf(result).map(({ row: n, field }) => [n, field])).toEqual([
      [3, "kashrut"],
      [5, ""],
    ]);
    expect(errorsOf(result)[1]!.message.en).toBe(
      `This row has ${FSI}3${PDI} cells, but the header has ${FSI}${header.split(",").length}${PDI} columns.`,
    );
    expect(await db.select().from(restaurants)).toEqual([]);

    // A cell with a line break is still one row.
    const multiLine = toCsv("restaurants", [
      {
        ...harbor({ descriptionEn: "Line one\nline two" }),
        slug: "",
        hours: null,
        pesach: {},
        lastVerified: "",
        owners: [],
      },
      { ...harbor({ kashrut: "kosher-ish" }), slug: "", hours: null, pesach: {}, lastVerified: "", owners: [] },
    ]);
    expect(
      errorsOf(await importData(db, { restaurants: fromCsv(multiLine).rows, posts: [] })).map(({ row: n, field }) => [
        n,
        field,
      ]),
    ).toEqual([[3, "kashrut"]]);
  });

  it("refuses an unknown field or column, naming it", async () => {
    const result = await importData(
      db,
      fromJson(JSON.stringify({ restaurants: [{ ...harbor(), slug: "", nameHE: "typo" }], posts: [] })),
    );
    expect(errorsOf(result).map(({ row, field }) => [row, field])).toEqual([[1, "nameHE"]]);
    expect(() => fromCsv("slug,nameEn,nameHE\nx,Y,Z\n")).toThrow(/unknown column "nameHE"/);
  });

  it("on a dry run checks and counts everything and changes nothing", async () => {
    await seed();
    const before = await exportData(db);
    const changes = await historyCount();
    const file = structuredClone(before);
    file.restaurants[1]!.nameHe = "גריל הנמל החדש";
    file.restaurants.push({
      ...harbor({ nameEn: "New Place" }),
      slug: "",
      hours: null,
      pesach: {},
      lastVerified: "",
      owners: ["owner@example.com"],
    });

    const result = await importData(db, asJson(file), { dryRun: true });
    expect(result).toEqual({
      ok: true,
      dryRun: true,
      summary: {
        restaurants: { created: 1, updated: 1, unchanged: 1 },
        posts: { created: 0, updated: 0, unchanged: 2 },
        ownersLinked: 1,
        ownersUnlinked: 0,
        filesBrought: 0,
      },
      removedFiles: [],
      warnings: [],
    });
    expect(describeSummary(result.ok ? result.summary : (undefined as never), true)).toBe(
      "Would create 1 and update 1 restaurant (1 unchanged), create 0 and update 0 blog posts (2 unchanged), link 1 owner and unlink 0. Nothing was changed (--dry-run).",
    );
    expect(await exportData(db)).toEqual({ ...before, exportedAt: expect.any(String) });
    expect(await historyCount()).toBe(changes);
  });

  it("an update writes the history row a dashboard edit writes, and the database announces the change", async () => {
    const { harborId } = await seed();
    const heard: string[] = [];
    const unlisten = await database.listen(CHANGE_CHANNEL, (payload) => heard.push(payload));
    try {
      const file = await exportData(db);
      file.restaurants[1]!.nameHe = "גריל הנמל החדש";
      file.restaurants[1]!.tags = ["Fish"];
      const result = await importData(db, asJson(file), { actor: { id: admin.id, email: admin.email, role: "admin" } });
      expect(result).toMatchObject({ ok: true, summary: { restaurants: { updated: 1, unchanged: 1 } } });

      const [imported] = await db
        .select()
        .from(restaurantChanges)
        .where(eq(restaurantChanges.restaurant_id, harborId))
        .orderBy(restaurantChanges.created_at)
        .then((rows) => rows.slice(-1));
      expect(imported).toMatchObject({
        action: "update",
        actor_id: admin.id,
        actor_email: "admin@example.com",
        restaurant_name: "Harbor Grill",
        changes: {
          name_he: { old: "גריל הנמל", new: "גריל הנמל החדש" },
          tags: { old: ["Fish", "Grill"], new: ["Fish"] },
        },
      });
      // The same record as the dashboard's save of the same change.
      await updateRestaurant(
        db,
        { id: admin.id, email: admin.email, role: "admin" },
        harborId,
        harbor({ nameHe: "גריל", tags: ["Fish"] }),
      );
      const [dashboard] = await db
        .select()
        .from(restaurantChanges)
        .where(eq(restaurantChanges.restaurant_id, harborId))
        .orderBy(restaurantChanges.created_at)
        .then((rows) => rows.slice(-1));
      expect(Object.keys(dashboard!)).toEqual(Object.keys(imported!));
      expect(dashboard).toMatchObject({
        action: "update",
        actor_id: admin.id,
        changes: { name_he: { old: "גריל הנמל החדש", new: "גריל" } },
      });

      await expect
        .poll(() => heard.map((payload) => JSON.parse(payload) as { op: string; slug: string }))
        .toContainEqual(expect.objectContaining({ op: "update", slug: "harbor-grill" }));
    } finally {
      await unlisten();
    }
  });

  it("records the system as the actor when none is named", async () => {
    const { harborId } = await seed();
    const file = await exportData(db);
    file.restaurants[1]!.phoneNumber = "03-5550199";
    expect(await importData(db, asJson(file))).toMatchObject({ ok: true });
    const rows = await db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, harborId));
    expect(rows.find((row) => row.action === "update" && "phone_number" in row.changes)).toMatchObject({
      actor_id: null,
      actor_email: "system",
    });
  });

  it("is for administrators and the system (data:import): an owner or a guest is refused before anything is read or written", async () => {
    const file = { restaurants: [{ ...harbor(), slug: "", owners: ["owner@example.com"] }], posts: [] };
    for (const actor of [
      { id: owner.id, email: owner.email, role: "owner" as const },
      { id: "u-guest", email: "guest@example.com", role: "guest" as const },
    ]) {
      await expect(importData(db, fromJson(JSON.stringify(file)), { actor })).rejects.toMatchObject({
        code: "forbidden",
      });
      // Refused before the dry run too: it reports nothing to one who may not import.
      await expect(importData(db, fromJson(JSON.stringify(file)), { actor, dryRun: true })).rejects.toMatchObject({
        code: "forbidden",
      });
    }
    expect(await db.select().from(restaurants)).toEqual([]);
    expect(await historyCount()).toBe(0);
    expect(
      await importData(db, fromJson(JSON.stringify(file)), {
        actor: { id: admin.id, email: admin.email, role: "admin" },
      }),
    ).toMatchObject({ ok: true });
  });

  it("a new restaurant keeps the file's slug when it is free: created under the name's, then renamed, in the history", async () => {
    const file = { restaurants: [{ ...harbor(), slug: "harbor-legacy" }], posts: [] };
    expect(await importData(db, fromJson(JSON.stringify(file)))).toMatchObject({ ok: true });
    const [created] = await db.select().from(restaurants);
    expect(created!.slug).toBe("harbor-legacy");
    const history = await db.select().from(restaurantChanges).where(eq(restaurantChanges.restaurant_id, created!.id));
    expect(history.map((row) => row.action).sort()).toEqual(["create", "update"]);
    expect(history.find((row) => row.action === "update")!.changes).toEqual({
      slug: { old: "harbor-grill", new: "harbor-legacy" },
    });
  });

  it("refuses an owner e-mail no account has, or an account that is not an owner, with the e-mail isolated in both languages", async () => {
    const file = {
      restaurants: [
        { ...harbor(), slug: "", owners: ["owner@example.com"] },
        { ...harbor({ nameEn: "Second" }), slug: "", owners: ["Nobody@Example.com", "guest@example.com"] },
      ],
      posts: [],
    };
    const result = await importData(db, fromJson(JSON.stringify(file)));
    expect(errorsOf(result).map(({ row, field }) => [row, field])).toEqual([
      [2, "owners"],
      [2, "owners"],
    ]);
    const [unknown, notOwner] = errorsOf(result);
    expect(unknown!.message.en).toBe(`No account has the e-mail ${FSI}nobody@example.com${PDI}.`);
    expect(unknown!.message.he).toContain(`${FSI}nobody@example.com${PDI}`);
    expect(unknown!.message.he).toMatch(/[\u0590-\u05FF]/);
    expect(notOwner!.message.en).toContain(`${FSI}guest@example.com${PDI}`);
    expect(await db.select().from(restaurants)).toEqual([]);
    expect(await db.select().from(restaurantOwners)).toEqual([]);
  });

  it("with skipMissingOwners reports an owner no account has as a warning in both languages and imports the row without them; other owner problems stay errors", async () => {
    const file = {
      restaurants: [{ ...harbor(), slug: "", owners: ["owner@example.com", "Gone@Example.com"] }],
      posts: [],
    };
    // Without the option it is an error, as it always was.
    expect(
      errorsOf(await importData(db, fromJson(JSON.stringify(file)))).map(({ row, field }) => [row, field]),
    ).toEqual([[1, "owners"]]);
    expect(await db.select().from(restaurants)).toEqual([]);

    const result = await importData(db, fromJson(JSON.stringify(file)), { skipMissingOwners: true });
    expect(result).toMatchObject({ ok: true, summary: { restaurants: { created: 1 }, ownersLinked: 1 } });
    expect(result.warnings).toEqual([
      {
        table: "restaurants",
        row: 1,
        field: "owners",
        message: {
          en: `No account has the e-mail ${FSI}gone@example.com${PDI}: the restaurant is imported without this owner (${FSI}--skip-missing-owners${PDI}). Link them in the dashboard once they have an account with the Owner role.`,
          he: expect.stringContaining(`${FSI}gone@example.com${PDI}`),
        },
      },
    ]);
    expect(result.warnings[0]!.message.he).toMatch(/[\u0590-\u05FF]/);
    expect(formatRowError(result.warnings[0]!)).toMatch(/^Row 1, owners: No account has the e-mail .*\n {4}אין חשבון/);
    const [created] = await db.select().from(restaurants);
    expect(
      (await db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, created!.id))).map(
        (link) => link.user_id,
      ),
    ).toEqual([owner.id]);

    // An account that exists but is not an owner is still refused.
    const guest = {
      restaurants: [
        { ...harbor({ nameEn: "Second Place" }), slug: "", owners: ["guest@example.com", "gone@example.com"] },
      ],
      posts: [],
    };
    const refused = await importData(db, fromJson(JSON.stringify(guest)), { skipMissingOwners: true });
    expect(errorsOf(refused).map(({ row, field, message }) => [row, field, message.en])).toEqual([
      [1, "owners", expect.stringContaining("does not have the Owner role")],
    ]);
    expect(refused.warnings.map(({ row, field }) => [row, field])).toEqual([[1, "owners"]]);
    expect(await db.$count(restaurants)).toBe(1);
  });

  it("makes the owners exactly the file's: links the new ones and unlinks the others, in the history", async () => {
    const { harborId } = await seed();
    const file = await exportData(db);
    file.restaurants[1]!.owners = ["second.owner@example.com"];
    expect(await importData(db, asJson(file))).toMatchObject({
      ok: true,
      summary: { ownersLinked: 0, ownersUnlinked: 1 },
    });
    const links = await db.select().from(restaurantOwners).where(eq(restaurantOwners.restaurant_id, harborId));
    expect(links.map((link) => link.user_id)).toEqual([secondOwner.id]);
    const removal = (await db.select().from(restaurantChanges).where(eq(restaurantChanges.action, "owner_remove")))[0];
    expect(removal).toMatchObject({
      restaurant_id: harborId,
      changes: { owner: { old: "owner@example.com", new: null } },
    });
  });

  it("keeps the current value of a field a row leaves out, and matches an old slug that redirects", async () => {
    const { harborId } = await seed();
    await updateRestaurant(db, SYSTEM, harborId, harbor({ nameEn: "Harbour Grill" }));
    const file = { restaurants: [{ slug: "harbor-grill", isPermanentlyClosed: true }], posts: [] };
    expect(await importData(db, fromJson(JSON.stringify(file)))).toMatchObject({
      ok: true,
      summary: { restaurants: { created: 0, updated: 1 } },
    });
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, harborId));
    expect(row).toMatchObject({
      slug: "harbour-grill",
      name_en: "Harbour Grill",
      name_he: "גריל הנמל",
      is_permanently_closed: true,
      last_verified: "2026-03-04",
    });
  });

  it("cannot bring a stored file the importer did not upload, and says to export with the files when this site does not have it", async () => {
    // Someone else's upload on this site: refused as the dashboard refuses it.
    const theirs = "/uploads/restaurant-images/abababababababababababab-1200.webp";
    await db.insert(uploads).values({ url: theirs, kind: "photo", uploaded_by: owner.id });
    // A stored file of another site, in a plain export (no files): said so.
    const elsewhere = "/uploads/restaurant-images/cdcdcdcdcdcdcdcdcdcdcdcd-1200.webp";
    const file = {
      restaurants: [
        { ...harbor({ photo: theirs }), slug: "" },
        { ...harbor({ nameEn: "Second Place", photo: elsewhere }), slug: "" },
      ],
      posts: [],
    };
    const result = await importData(db, fromJson(JSON.stringify(file)));
    expect(errorsOf(result).map(({ row, field, message }) => [row, field, message.en])).toEqual([
      [1, "photo", en["upload.notYours"]],
      [
        2,
        "photo",
        `This file is not on this site, and the import does not carry it. Export with ${FSI}--with-files${PDI} and import that folder or archive, or leave the field empty.`,
      ],
    ]);
    expect(errorsOf(result)[1]!.message.he).toMatch(/^הקובץ הזה אינו באתר הזה/);
    expect(await db.select().from(restaurants)).toEqual([]);
  });

  it("checks posts with the blog's rules, and a slug twice in one file", async () => {
    const post = {
      slug: "same",
      title: "A",
      subtitle: "B",
      image: "https://images.example/p.jpg",
      content: "C",
      date: "2025-02-03T10:00:00Z",
    };
    const file = {
      restaurants: [],
      posts: [post, { ...post, title: "" }, { ...post, slug: "Not A Slug", date: "yesterday" }],
    };
    const result = await importData(db, fromJson(JSON.stringify(file)));
    expect(errorsOf(result).map(({ table, row, field }) => [table, row, field])).toEqual([
      ["posts", 2, "title"],
      ["posts", 2, "slug"],
      ["posts", 3, "slug"],
      ["posts", 3, "date"],
    ]);
    expect(errorsOf(result)[0]!.message).toEqual({ en: en["blog.titleRequired"], he: he["blog.titleRequired"] });
    expect(await db.select().from(blogs)).toEqual([]);
  });
});

describe("export files on disk", () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("are written with mode 0600, like backups, even over an existing file; a folder the export makes is 0700", async () => {
    await seed();
    const data = await exportData(db);
    const dir = mkdtempSync(path.join(tmpdir(), "kta-transfer-mode-"));
    try {
      const jsonFile = path.join(dir, "export.json");
      writeFileSync(jsonFile, "old", { mode: 0o644 });
      chmodSync(jsonFile, 0o644);
      expect(writeExport(data, { format: "json", out: jsonFile })).toEqual([jsonFile]);
      expect(modeOf(jsonFile).toString(8)).toBe("600");
      expect(JSON.parse(readFileSync(jsonFile, "utf8"))).toEqual(JSON.parse(toJson(data)));

      const csvDir = path.join(dir, "csv");
      const written = writeExport(data, { format: "csv", out: csvDir });
      expect(modeOf(csvDir).toString(8)).toBe("700");
      expect(written.map((file) => [path.basename(file), modeOf(file).toString(8)])).toEqual([
        ["restaurants.csv", "600"],
        ["blog-posts.csv", "600"],
      ]);
      // Nothing half-written is left beside them.
      expect(readdirSync(dir).sort()).toEqual(["csv", "export.json"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an import refuses a file over 50 MB before reading it, saying so in English and Hebrew", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kta-transfer-size-"));
    try {
      // Sparse files: their size is what the import sees first.
      const tooLarge = path.join(dir, "export.json");
      writeFileSync(tooLarge, "");
      truncateSync(tooLarge, 50 * 1024 * 1024 + 1);
      const refusal: unknown = await readImportSource([tooLarge]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(TransferFileError);
      const { message, he: hebrew } = refusal as TransferFileError;
      expect(message).toBe(
        `${FSI}${tooLarge}${PDI} has ${FSI}52,428,801${PDI} bytes, more than an import reads (${FSI}52,428,800${PDI} bytes, 50 MB). Split it into smaller files and import them one after another: rows a file leaves out are left alone.`,
      );
      expect(hebrew).toMatch(/[\u0590-\u05FF]/);
      expect(hebrew).toContain(`${FSI}52,428,801${PDI}`);

      const csv = path.join(dir, "restaurants.csv");
      writeFileSync(csv, "");
      truncateSync(csv, 50 * 1024 * 1024 + 1);
      await expect(readImportSource([dir])).rejects.toThrow(/has .*52,428,801.* bytes, more than an import reads/);

      // At the limit the file is read (and these zeros are not JSON).
      truncateSync(tooLarge, 50 * 1024 * 1024);
      await expect(readImportSource([tooLarge])).rejects.toThrow(/is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("an export with its files (--with-files)", () => {
  const temporary: string[] = [];
  // Each test its own temporary folder, so what an import leaves there is this test's alone.
  const systemTmp = process.env.TMPDIR;
  beforeEach(() => {
    process.env.TMPDIR = mkdtempSync(path.join(tmpdir(), "kta-transfer-tmp-"));
    temporary.push(process.env.TMPDIR);
  });
  afterEach(() => {
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
    for (const dir of temporary.splice(0).reverse()) rmSync(dir, { recursive: true, force: true });
  });
  /** What reading an archive unpacked, or the checks re-encoded, and the import left behind. */
  const leftovers = () => readdirSync(tmpdir()).filter((entry) => entry.startsWith("kta-import-"));
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    temporary.push(dir);
    return dir;
  };

  const picture = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } });

  /**
   * A restaurant with every kind of stored file, uploaded as the dashboard uploads them (checked,
   * re-encoded, recorded as the owner's, attached by the owner's save), and a post showing one
   * width of its photo.
   */
  async function seedWithFiles(storage: Storage) {
    const upload = async (kind: UploadKind, data: Buffer, name: string) => {
      const stored = await processUpload(kind, data, name, storage);
      await recordUpload(db, { url: stored.url, kind, uploadedBy: owner.id });
      return stored;
    };
    const photo = await upload("photo", await picture(1600, 1000, "#c0392b").png().toBuffer(), "front.png");
    const teuda = await upload("teuda", await picture(700, 900, "#f1c40f").jpeg().toBuffer(), "teuda.jpg");
    // Narrower than the smallest width: stored at its own width (-300.webp).
    const menuPage = await upload("menu", await picture(300, 500, "#2980b9").png().toBuffer(), "menu.png");
    const pdf = await upload("pdf", Buffer.from("%PDF-1.4\n% a menu\n%%EOF\n"), "menu.pdf");
    await createRestaurant(
      db,
      { id: owner.id, email: owner.email, role: "owner" },
      harbor({
        photo: photo.url,
        teuda: teuda.url,
        menuLink: pdf.url,
        menuImages: [{ url: menuPage.url, name: "Menu", size: menuPage.size, type: menuPage.type }],
      }),
    );
    await createBlog(db, SYSTEM, {
      title: "Seen at the harbor",
      subtitle: "A photo",
      slug: "seen",
      image: photo.url.replace(/-1200\.webp$/, "-800.webp"),
      content: "Text.",
    });
    return { photo, teuda, menuPage, pdf };
  }

  /** Serves a storage's files at /uploads, as the server mounts it. */
  async function serveUploads(
    storage: Storage,
  ): Promise<{ get: (url: string) => Promise<Response>; close: () => Promise<void> }> {
    const app = express();
    app.use("/uploads", storage.serve);
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    return {
      get: (url) => fetch(`http://127.0.0.1:${port}${url}`),
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  /** A fresh site: its own empty database and uploads folder, with (or without) the owner's account. */
  async function freshSite(options: { withOwner: boolean }) {
    const site = await createTestDatabase();
    if (options.withOwner)
      await createUser(site.db, createTestAuth(site.db), { role: "owner", email: "owner@example.com" });
    const uploadsDir = tempDir("kta-transfer-target-");
    const local = createLocalStorage(uploadsDir);
    const calls = { put: 0, remove: 0 };
    const storage: Storage = {
      ...local,
      put(key, data) {
        calls.put += 1;
        return local.put(key, data);
      },
      remove(url) {
        calls.remove += 1;
        return local.remove(url);
      },
    };
    return { site, uploadsDir, storage, calls };
  }

  it.each([
    ["a folder", "bundle"],
    ["a .tar.gz archive", "bundle.tar.gz"],
  ])(
    "as %s, imported into an empty site, brings the photo, certificate and menus in through the upload checks, attached and served, with no errors; again, it changes nothing",
    async (_kind, name) => {
      const sourceDir = tempDir("kta-transfer-source-");
      const files = await seedWithFiles(createLocalStorage(sourceDir));
      const data = await exportData(db);
      const out = path.join(tempDir("kta-transfer-bundle-"), name);
      const written = await writeBundle(data, { format: "json", out, read: (url) => readLocalFile(sourceDir, url) });
      // The photo, the certificate, the menu page, the PDF, and the post's width of the photo.
      expect(written).toMatchObject({ files: 5, missing: [] });
      expect(
        (statSync(name.endsWith(".tar.gz") ? out : path.join(out, "files", "restaurant-images")).mode & 0o777).toString(
          8,
        ),
      ).toBe(name.endsWith(".tar.gz") ? "600" : "700");

      const { site, uploadsDir, storage } = await freshSite({ withOwner: true });
      const source = await readImportSource([out]);
      try {
        const result = await importData(site.db, source.input, { files: { carried: source.carried, storage } });
        expect(result).toMatchObject({
          ok: true,
          warnings: [],
          summary: { restaurants: { created: 1 }, posts: { created: 1 }, ownersLinked: 1, filesBrought: 5 },
        });
        expect(errorsOf(result)).toEqual([]);

        const imported = await exportData(site.db);
        const [was] = data.restaurants;
        const [now] = imported.restaurants;
        // Everything is the exporting site's but the files' addresses, which are this site's own.
        const withoutFiles = (row: ExportedRestaurant) => ({
          ...row,
          photo: "",
          teuda: "",
          menuLink: "",
          menuImages: row.menuImages.map(({ name: imageName, type }) => ({ name: imageName, type })),
        });
        expect(withoutFiles(now!)).toEqual(withoutFiles(was!));
        expect(now!.photo).toMatch(/^\/uploads\/restaurant-images\/[0-9a-f]{24}-1200\.webp$/);
        expect(now!.teuda).toMatch(/^\/uploads\/restaurant-images\/[0-9a-f]{24}-400\.webp$/);
        expect(now!.menuLink).toMatch(/^\/uploads\/restaurant-menus\/pdf_[0-9a-f]{24}\.pdf$/);
        expect(now!.menuImages).toEqual([
          {
            url: expect.stringMatching(/^\/uploads\/restaurant-menus\/[0-9a-f]{24}-300\.webp$/),
            name: "Menu",
            size: expect.any(Number),
            type: "image/webp",
          },
        ]);
        for (const field of ["photo", "teuda", "menuLink"] as const) expect(now![field]).not.toBe(was![field]);
        expect(imported.posts.map((post) => post.image)).toEqual([
          expect.stringMatching(/^\/uploads\/restaurant-images\/[0-9a-f]{24}-800\.webp$/),
        ]);

        // Recorded as uploads by the system (no uploader), the restaurant's attached to it.
        const [restaurant] = await site.db.select().from(restaurants);
        const rows = await site.db.select().from(uploads);
        expect(
          rows
            .map((row) => ({ url: row.url, kind: row.kind, restaurant: row.restaurant_id, by: row.uploaded_by }))
            .sort((a, b) => a.url.localeCompare(b.url)),
        ).toEqual(
          [
            { url: now!.photo, kind: "photo", restaurant: restaurant!.id, by: null },
            { url: now!.teuda, kind: "teuda", restaurant: restaurant!.id, by: null },
            { url: now!.menuLink, kind: "pdf", restaurant: restaurant!.id, by: null },
            { url: now!.menuImages[0]!.url, kind: "menu", restaurant: restaurant!.id, by: null },
            { url: imported.posts[0]!.image, kind: "photo", restaurant: null, by: null },
          ].sort((a, b) => a.url.localeCompare(b.url)),
        );

        // Stored in every width an upload gets, re-encoded as WebP, and served.
        const base = (url: string) => url.replace(/-\d+\.webp$/, "");
        expect(await storedKeys(uploadsDir)).toEqual(
          [
            ...[400, 800, 1200].map((width) => `${base(now!.photo)}-${width}.webp`),
            `${base(now!.teuda)}-400.webp`,
            now!.menuLink,
            now!.menuImages[0]!.url,
            ...[400, 800].map((width) => `${base(imported.posts[0]!.image)}-${width}.webp`),
          ]
            .map((url) => url.slice("/uploads/".length))
            .sort(),
        );
        const served = await serveUploads(storage);
        try {
          for (const [url, width] of [
            [now!.photo, 1200],
            [now!.teuda, 400],
            [now!.menuImages[0]!.url, 300],
            [imported.posts[0]!.image, 800],
          ] as const) {
            const response = await served.get(url);
            expect(response.status, url).toBe(200);
            expect(response.headers.get("content-type")).toBe("image/webp");
            expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
              format: "webp",
              width,
            });
          }
          const pdf = await served.get(now!.menuLink);
          expect(pdf.status).toBe(200);
          expect(pdf.headers.get("content-type")).toBe("application/pdf");
          expect(
            Buffer.from(await pdf.arrayBuffer()).equals(
              readFileSync(path.join(sourceDir, files.pdf.url.slice("/uploads/".length))),
            ),
          ).toBe(true);
        } finally {
          await served.close();
        }

        // The same export again: the same files, already here; nothing changes, nothing is stored twice.
        const keys = await storedKeys(uploadsDir);
        const changes = await site.db.$count(restaurantChanges);
        const again = await importData(site.db, source.input, { files: { carried: source.carried, storage } });
        expect(again).toMatchObject({
          ok: true,
          summary: { restaurants: { created: 0, updated: 0, unchanged: 1 }, posts: { unchanged: 1 }, filesBrought: 0 },
        });
        expect(await storedKeys(uploadsDir)).toEqual(keys);
        expect(await site.db.$count(restaurantChanges)).toBe(changes);
      } finally {
        await source.close();
        await site.destroy();
      }
      expect(leftovers()).toEqual([]);
    },
    60_000,
  );

  it("all or nothing: the files of an import that fails (an owner with no account) are stored, then forgotten and deleted; a dry run stores none", async () => {
    const sourceDir = tempDir("kta-transfer-source-");
    await seedWithFiles(createLocalStorage(sourceDir));
    const out = path.join(tempDir("kta-transfer-bundle-"), "bundle");
    await writeBundle(await exportData(db), { format: "json", out, read: (url) => readLocalFile(sourceDir, url) });
    const { site, uploadsDir, storage, calls } = await freshSite({ withOwner: false });
    const source = await readImportSource([out]);
    try {
      const failed = await importData(site.db, source.input, { files: { carried: source.carried, storage } });
      expect(errorsOf(failed).map(({ row, field, message }) => [row, field, message.en])).toEqual([
        [1, "owners", `No account has the e-mail ${FSI}owner@example.com${PDI}.`],
      ]);
      // They were stored (the rows' errors came after), and are gone again: the files, their records.
      expect(calls.put).toBe(8);
      expect(calls.remove).toBe(8);
      expect(await storedKeys(uploadsDir)).toEqual([]);
      expect(await site.db.$count(uploads)).toBe(0);
      expect(await site.db.$count(restaurants)).toBe(0);

      calls.put = 0;
      const dry = await importData(site.db, source.input, {
        files: { carried: source.carried, storage },
        dryRun: true,
        skipMissingOwners: true,
      });
      expect(dry).toMatchObject({ ok: true, dryRun: true, summary: { restaurants: { created: 1 }, filesBrought: 5 } });
      expect(describeSummary(dry.ok ? dry.summary : (undefined as never), true)).toMatch(
        /, link 0 owners and unlink 0, bring in 5 files\. Nothing was changed/,
      );
      expect(calls.put).toBe(0);
      expect(await site.db.$count(uploads)).toBe(0);

      // With the owner's warning instead, it goes through.
      const imported = await importData(site.db, source.input, {
        files: { carried: source.carried, storage },
        skipMissingOwners: true,
      });
      expect(imported).toMatchObject({
        ok: true,
        summary: { restaurants: { created: 1 }, filesBrought: 5 },
        warnings: [{ row: 1, field: "owners" }],
      });
      expect(describeSummary(imported.ok ? imported.summary : (undefined as never), false)).toMatch(
        /, linked 0 owners and unlinked 0, brought in 5 files\.$/,
      );
      expect(await storedKeys(uploadsDir)).toHaveLength(8);
    } finally {
      await source.close();
      await site.destroy();
    }
  }, 60_000);

  it("checks each carried file as an upload: one that is not an image, or too large, is its row's error, and nothing is stored", async () => {
    const sourceDir = tempDir("kta-transfer-source-");
    const files = await seedWithFiles(createLocalStorage(sourceDir));
    const out = path.join(tempDir("kta-transfer-bundle-"), "bundle");
    await writeBundle(await exportData(db), { format: "json", out, read: (url) => readLocalFile(sourceDir, url) });
    const carriedFile = (url: string) => path.join(out, "files", ...url.slice("/uploads/".length).split("/"));
    writeFileSync(carriedFile(files.photo.url), "<html>not a picture</html>");
    // Over the certificate's 5 MB, without being written out.
    truncateSync(carriedFile(files.teuda.url), 5 * 1024 * 1024 + 1);
    const { site, uploadsDir, storage, calls } = await freshSite({ withOwner: true });
    const source = await readImportSource([out]);
    try {
      const result = await importData(site.db, source.input, { files: { carried: source.carried, storage } });
      expect(errorsOf(result).map(({ table, row, field, message }) => [table, row, field, message])).toEqual([
        ["restaurants", 1, "photo", { en: en["upload.onlyImages"], he: he["upload.onlyImages"] }],
        ["restaurants", 1, "teuda", { en: en["upload.tooLarge5"], he: he["upload.tooLarge5"] }],
      ]);
      // The post's width of the photo is a file of its own, and fine, but nothing is kept of an import that fails.
      expect(calls.put).toBe(0);
      expect(await storedKeys(uploadsDir)).toEqual([]);
      expect(await site.db.$count(uploads)).toBe(0);
    } finally {
      await source.close();
      await site.destroy();
    }
  }, 60_000);

  it("imported into the site that exported it, changes nothing and brings nothing in (its files are already here)", async () => {
    const sourceDir = tempDir("kta-transfer-source-");
    await seedWithFiles(createLocalStorage(sourceDir));
    const out = path.join(tempDir("kta-transfer-bundle-"), "bundle.tgz");
    await writeBundle(await exportData(db), { format: "csv", out, read: (url) => readLocalFile(sourceDir, url) });
    const source = await readImportSource([out]);
    try {
      expect(source.labels).toEqual({ restaurants: `${out}: restaurants.csv`, posts: `${out}: blog-posts.csv` });
      const uploadsBefore = await db.select().from(uploads);
      const result = await importData(db, source.input, {
        files: { carried: source.carried, storage: createLocalStorage(sourceDir) },
      });
      expect(result).toMatchObject({
        ok: true,
        summary: { restaurants: { unchanged: 1 }, posts: { unchanged: 1 }, filesBrought: 0 },
      });
      expect(await db.select().from(uploads)).toEqual(uploadsBefore);
    } finally {
      await source.close();
    }
  }, 60_000);

  it("reads only an export's archive: another entry, a data file over 50 MB or a file that is not gzip is refused, in both languages, before anything is imported", async () => {
    const dir = tempDir("kta-transfer-archive-");
    const stray = path.join(dir, "stray.tar.gz");
    await writeArchive(stray, async (tar) => {
      await tar.addBuffer("export.json", Buffer.from(toJson(await exportData(db))), new Date());
      await tar.addBuffer("../../etc/cron.d/evil", Buffer.from("x"), new Date());
    });
    const refusal = (paths: string[]) =>
      readImportSource(paths).then(
        () => undefined,
        (error: unknown) => error as TransferFileError,
      );
    const strayError = await refusal([stray]);
    expect(strayError).toBeInstanceOf(TransferFileError);
    expect(strayError!.message).toContain(
      `holds ${FSI}../../etc/cron.d/evil${PDI}, which an export's archive does not`,
    );
    expect(strayError!.he).toMatch(/[\u0590-\u05FF]/);

    const sparse = path.join(dir, "zeros");
    writeFileSync(sparse, "");
    truncateSync(sparse, 50 * 1024 * 1024 + 1);
    const large = path.join(dir, "large.tar.gz");
    await writeArchive(large, (tar) => tar.addFile("export.json", sparse, 50 * 1024 * 1024 + 1, new Date()));
    expect((await refusal([large]))!.message).toContain(
      `${FSI}${large}: export.json${PDI} has ${FSI}52,428,801${PDI} bytes, more than an import reads`,
    );

    const notGzip = path.join(dir, "plain.tar.gz");
    writeFileSync(notGzip, "{}");
    expect((await refusal([notGzip]))!.message).toBe(
      `${FSI}${notGzip}${PDI} is not the archive of an export with its files (${FSI}it is not gzip-compressed${PDI}). Nothing was imported.`,
    );
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it("reads the files from a bucket too (STORAGE=s3)", async () => {
    const bucket = await startTestBucket();
    try {
      const url = await createS3Storage(bucket.config).put(
        "restaurant-menus/pdf_abcdefabcdefabcdefabcdef.pdf",
        Buffer.from("%PDF-1.4 menu"),
      );
      const read = openStoredFileReader({ kind: "s3", ...bucket.config });
      expect((await read(url))?.toString()).toBe("%PDF-1.4 menu");
      expect(await read("/uploads/restaurant-menus/pdf_000000000000000000000000.pdf")).toBeNull();
      expect(await read("/uploads/../secret")).toBeNull();
    } finally {
      await bucket.stop();
    }
  });
});

describe("npm run export / npm run import", () => {
  it("export to a file and to CSV, import with errors (exit 1, nothing changed), a dry run and a real run", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kta-transfer-cmd-"));
    const served = await createServerDatabase(dataDir);
    try {
      // The install's own database: PostgreSQL (a copy of the template) or PGlite in DATA_DIR.
      const installDb = served.database ?? (await openDatabase({ pgliteDir: path.join(dataDir, "db") }));
      await createRestaurant(installDb.db, SYSTEM, harbor());
      if (!served.database) await installDb.close();

      const run = (script: string, args: string[]) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [...commandLine(script), ...args], {
            cwd: ROOT,
            env: {
              PATH: process.env.PATH,
              HOME: process.env.HOME,
              DATA_DIR: dataDir,
              DEMO_DATA: "false",
              ...served.env,
            },
          });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
          child.on("exit", (code) => resolve({ code, stdout, stderr }));
        });

      const bad = await run("scripts/export.ts", ["--format", "xml"]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Unknown --format "xml"');

      const jsonFile = path.join(dataDir, "export.json");
      const exported = await run("scripts/export.ts", ["--out", jsonFile]);
      expect(exported, exported.stderr).toMatchObject({ code: 0 });
      expect(exported.stdout).toContain("Exported 1 restaurant and 0 blog posts");
      const file = JSON.parse(readFileSync(jsonFile, "utf8")) as ExportFile;
      file.restaurants[0]!.nameHe = "גריל חדש";

      writeFileSync(
        jsonFile,
        JSON.stringify({
          ...file,
          restaurants: [...file.restaurants, { ...file.restaurants[0], slug: "", nameEn: "X" }],
        }),
      );
      const refused = await run("scripts/import.ts", [jsonFile]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `(restaurants):\n  Row 2, nameEn: ${en["form.nameEnMin"]}\n      ${he["form.nameEnMin"]}`,
      );
      expect(refused.stderr).toContain("Nothing was imported: 1 error.");

      writeFileSync(jsonFile, JSON.stringify(file));
      const dry = await run("scripts/import.ts", [jsonFile, "--dry-run"]);
      expect(dry, dry.stderr).toMatchObject({ code: 0 });
      expect(dry.stdout).toContain("Would create 0 and update 1 restaurant (0 unchanged)");

      const real = await run("scripts/import.ts", [jsonFile]);
      expect(real, real.stderr).toMatchObject({ code: 0 });
      expect(real.stdout).toContain("Created 0 and updated 1 restaurant (0 unchanged)");

      const csvDir = path.join(dataDir, "csv");
      const csv = await run("scripts/export.ts", ["--format", "csv", "--out", csvDir]);
      expect(csv, csv.stderr).toMatchObject({ code: 0 });
      expect(existsSync(path.join(csvDir, "blog-posts.csv"))).toBe(true);
      expect(readFileSync(path.join(csvDir, "restaurants.csv"), "utf8")).toContain("גריל חדש");
      const again = await run("scripts/import.ts", [csvDir]);
      expect(again, again.stderr).toMatchObject({ code: 0 });
      expect(again.stdout).toContain("Created 0 and updated 0 restaurants (1 unchanged)");
    } finally {
      await served.database?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

// Reads no database but embedded ones of its own: run once, in the PGlite run (tests/setup/db.ts).
describe.skipIf(secondRunOnPostgres())("moving a site's content to a new one, as an operator does", () => {
  it("npm run export -- --with-files of the demo data in one data folder, npm run import into a fresh, empty one: every restaurant with its photos, certificates and menus, served, with no errors; the demo owner's account is missing there, an error unless --skip-missing-owners, and a refused import keeps no file", async () => {
    const sourceDir = mkdtempSync(path.join(tmpdir(), "kta-transfer-from-"));
    const targetDir = mkdtempSync(path.join(tmpdir(), "kta-transfer-to-"));
    try {
      // The demo data, in the source install's own PGlite (a copy of the run's migrated data folder) and uploads folder.
      placeMigratedPglite(path.join(sourceDir, "db"));
      const install = await openDatabase({ pgliteDir: path.join(sourceDir, "db"), migrate: false });
      let before: ExportFile;
      try {
        await loadDemoData({
          db: install.db,
          auth: createTestAuth(install.db),
          storage: createLocalStorage(path.join(sourceDir, "uploads")),
          isProduction: false,
        });
        before = await exportData(install.db);
      } finally {
        await install.close();
      }
      const storedUrls = (data: ExportFile) =>
        new Set(
          [
            ...data.restaurants.flatMap((row) => storedFilesOf("restaurants", { ...row })),
            ...data.posts.flatMap((row) => storedFilesOf("posts", { ...row })),
          ].map((file) => file.url),
        );
      const files = storedUrls(before).size;
      expect(files).toBeGreaterThan(60);

      // The commands as an operator runs them, each on its own data folder (the embedded database there).
      const run = (script: string, args: string[], dataDir: string) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [...commandLine(script), ...args], {
            cwd: ROOT,
            env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, DEMO_DATA: "false" },
          });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
          child.on("exit", (code) => resolve({ code, stdout, stderr }));
        });

      const archive = path.join(sourceDir, "kosher-tel-aviv-export.tar.gz");
      const exported = await run("scripts/export.ts", ["--with-files", "--out", archive], sourceDir);
      expect(exported, exported.stderr).toMatchObject({ code: 0, stderr: "" });
      expect(exported.stdout).toMatch(
        new RegExp(
          `Exported 40 restaurants and 2 blog posts with ${files} files \\([\\d.]+ [KM]B\\) to ${archive.replace(/[.]/g, "\\.")}\\.`,
        ),
      );
      expect((statSync(archive).mode & 0o777).toString(8)).toBe("600");

      // The demo owner has no account on the new site: without the flag, an error, and nothing is kept.
      const refused = await run("scripts/import.ts", [archive], targetDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${archive}: export.json (restaurants):\n  Row `);
      expect(refused.stderr).toContain(
        `owners: No account has the e-mail ${FSI}demo-owner@kosher-tel-aviv.test${PDI}.`,
      );
      expect(refused.stderr).toContain("Nothing was imported: 2 errors.");
      expect(await storedKeys(path.join(targetDir, "uploads"))).toEqual([]);

      const imported = await run("scripts/import.ts", [archive, "--skip-missing-owners"], targetDir);
      expect(imported, imported.stderr).toMatchObject({ code: 0 });
      expect(imported.stdout).toContain(
        `Created 40 and updated 0 restaurants (0 unchanged), created 2 and updated 0 blog posts (0 unchanged), linked 0 owners and unlinked 0, brought in ${files} files.`,
      );
      expect(imported.stderr).toContain(
        `owners: No account has the e-mail ${FSI}demo-owner@kosher-tel-aviv.test${PDI}: the restaurant is imported without this owner`,
      );
      expect(imported.stderr).toContain("2 warnings: these owners are left out (--skip-missing-owners).");
      expect(imported.stderr).not.toContain("error");

      // Every restaurant as it was, naming files of its own site (and without the missing owner).
      const target = await openDatabase({ pgliteDir: path.join(targetDir, "db"), migrate: false });
      let after: ExportFile;
      let recorded;
      try {
        after = await exportData(target.db);
        recorded = await target.db.select().from(uploads);
      } finally {
        await target.close();
      }
      const stored = (url: string) => (url.startsWith("/uploads/") ? "stored" : url);
      const comparable = (row: ExportedRestaurant) => ({
        ...row,
        photo: stored(row.photo),
        teuda: stored(row.teuda),
        menuLink: stored(row.menuLink),
        menuImages: row.menuImages.map((image) => ({ ...image, url: stored(image.url) })),
        owners: [],
      });
      expect(after.restaurants.map(comparable)).toEqual(before.restaurants.map(comparable));
      expect(after.posts).toEqual(before.posts);
      const urls = storedUrls(after);
      expect(urls.size).toBe(files);
      for (const url of urls) expect(storedUrls(before).has(url)).toBe(false);
      expect(recorded.map((row) => row.url).sort()).toEqual([...urls].sort());
      expect(recorded.every((row) => row.restaurant_id !== null && row.uploaded_by === null)).toBe(true);

      // The new site serves them: its pages name them, and each one is there.
      const server = await startServer({ DATA_DIR: targetDir, DEMO_DATA: "false" });
      try {
        const withEverything = after.restaurants.find((row) => row.photo !== "" && row.teuda !== "")!;
        const page = await fetch(`${server.url}/restaurant/${withEverything.slug}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        for (const url of [withEverything.photo, withEverything.teuda])
          expect(html).toContain(url.replace(/-\d+\.webp$/, ""));
        for (const url of urls) {
          const response = await fetch(server.url + url);
          expect(response.status, url).toBe(200);
          expect(response.headers.get("content-type"), url).toBe(
            url.endsWith(".pdf") ? "application/pdf" : "image/webp",
          );
          await response.arrayBuffer();
        }
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(sourceDir, { recursive: true, force: true });
      rmSync(targetDir, { recursive: true, force: true });
    }
  }, 300_000);
});
