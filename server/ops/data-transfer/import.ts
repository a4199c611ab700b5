// Importing an export (docs/data-transfer.md): every row is checked by the form's own rules (the
// restaurant form's schema, the blog form's, the hours editor's), every problem is reported with
// its row and field, and only a file without any is written — all of it in one transaction,
// through the functions the dashboard uses, so the history, the change announcements and the
// permission checks are those of a dashboard edit. With any error nothing is written.
//
// Restaurants are matched on their slug (or an old slug that now redirects), posts on theirs; a row
// whose slug matches nothing is created. A field a row leaves out keeps its current value.
// Stored files the rows name that this site does not have are brought in first, when the export
// carries them, as uploads through the upload checks (carried.ts) — and removed again if the
// import then fails.
import { eq } from "drizzle-orm";
import { createBlog, updateBlog } from "../../../app/features/blog/blog.server";
import { generateSlug, parseBlogForm, type BlogFormValues } from "../../../app/features/blog/rules";
import { EMPTY_FORM, parseRestaurantForm } from "../../../app/features/restaurants/editing/form-schema";
import { parseWeeklyHours } from "../../../app/features/restaurants/hours/hours-schema";
import { setRestaurantHours } from "../../../app/features/restaurants/hours/hours.server";
import { pesachPlansOf } from "../../../app/features/restaurants/pesach/plans";
import type { PesachPlans } from "../../../database/lifecycle";
import {
  adoptSlug,
  createRestaurant,
  saveRestaurantPesach,
  setVerificationDate,
  updateRestaurant,
} from "../../../app/features/restaurants/editing/manage.server";
import { diffRows, type Actor } from "../../../app/features/restaurants/editing/changes.server";
import { addOwner, OwnerLinkError, removeOwner } from "../../../app/features/restaurants/editing/owners.server";
import {
  formValuesToRow,
  restaurantToFormValues,
  rowToRestaurant,
  slugFromName,
} from "../../../app/features/restaurants/core/mapping";
import { uploaderOf } from "../../../app/features/restaurants/editing/uploads.server";
import type { RestaurantFormValues } from "../../../app/features/restaurants/core/types";
import { isCalendarDay } from "../../../app/lib/dates";
import { AppError } from "../../../app/lib/errors";
import { mayBeLinkedAsOwner } from "../../../app/lib/permissions";
import { assertCan, SYSTEM } from "../../../app/lib/permissions.server";
import type { MessageKey } from "../../../app/locales/en";
import type { WeeklyHours } from "../../../database/hours";
import { users } from "../../../database/schema/auth";
import { blogs, type BlogRow } from "../../../database/schema/blogs";
import { userRoles } from "../../../database/schema/people";
import {
  restaurantOwners,
  restaurants,
  restaurantSlugRedirects,
  type RestaurantRow,
} from "../../../database/schema/restaurants";
import type { Db } from "../../../database/types";
import type { Storage } from "../../uploads/storage";
import {
  closeFiles,
  discardFiles,
  prepareFiles,
  recordFiles,
  storeFiles,
  type CarriedFiles,
  type PreparedFiles,
} from "./carried";
import {
  FORM_FIELDS,
  POST_COLUMNS,
  RESTAURANT_COLUMNS,
  type ImportInput,
  type ImportRow,
  type RowError,
  type Table,
} from "./format";
import { catalogueMessage, importMessage, type BilingualMessage } from "./messages";

export type { RowError };

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  restaurants: ImportCounts;
  posts: ImportCounts;
  ownersLinked: number;
  ownersUnlinked: number;
  /** Files an export carries that this site did not have, brought in as uploads. */
  filesBrought: number;
}

export type ImportResult =
  | {
      ok: true;
      dryRun: boolean;
      summary: ImportSummary;
      /** Stored files the restaurants no longer name and nothing else uses: the caller deletes them (never on a dry run). */
      removedFiles: string[];
      /** What was left out, and why (owners skipped with skipMissingOwners). */
      warnings: RowError[];
    }
  | { ok: false; errors: RowError[]; warnings: RowError[] };

export interface ImportOptions {
  /** Check and count everything, write nothing. */
  dryRun?: boolean;
  /** Who imports, and whom the history records: SYSTEM (the default; recorded as "system") or an administrator (`data:import`). */
  actor?: Actor;
  /**
   * An owner e-mail no account has is a warning, and the row is imported without that owner
   * (`--skip-missing-owners`): for moving restaurants to a site whose accounts are not made yet.
   * Without it, such an e-mail is the row's error.
   */
  skipMissingOwners?: boolean;
  /**
   * The files the export carries (`--with-files`) and the storage to bring them into, through the
   * upload checks (carried.ts). Without it, a restaurant naming a stored file this site does not
   * have is refused on that field.
   */
  files?: { carried: CarriedFiles | null; storage: Storage };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Ends the transaction without writing (errors found, or a dry run). */
class Rollback extends Error {}

/**
 * Imports an export, or nothing. The actor must be one who may import (`data:import`: an
 * administrator, or the system): anyone else is refused (AppError "forbidden") before anything is
 * read or written. Each write then checks the actor again, as a dashboard edit does.
 */
export async function importData(db: Db, input: ImportInput, options: ImportOptions = {}): Promise<ImportResult> {
  const actor = options.actor ?? SYSTEM;
  assertCan(actor, "data:import");
  const files = await prepareFiles(db, input, options.files?.carried ?? null);
  try {
    return await importPrepared(db, files, actor, options);
  } finally {
    await closeFiles(files);
  }
}

async function importPrepared(
  db: Db,
  files: PreparedFiles,
  actor: Actor,
  options: ImportOptions,
): Promise<ImportResult> {
  const dryRun = options.dryRun ?? false;
  const input = files.input;
  // The brought files reach the storage only when the import may still go ahead (a dry run, or
  // a file already refused, only records them in the transaction that is then rolled back).
  const storage = options.files?.storage;
  const stored = storage && !dryRun && files.errors.length === 0 && files.brought.length > 0 ? storage : undefined;
  if (stored) await storeFiles(db, files, stored, uploaderOf(actor));
  const fileErrors = new Map<string, RowError[]>();
  for (const error of files.errors)
    fileErrors.set(`${error.table} ${error.row}`, [...(fileErrors.get(`${error.table} ${error.row}`) ?? []), error]);
  let result: ImportResult | undefined;
  try {
    await db.transaction(async (tx) => {
      if (!stored) await recordFiles(tx, files, uploaderOf(actor));
      const errors: RowError[] = [];
      const warnings: RowError[] = [];
      const restaurantPlans = await planRestaurants(tx, input.restaurants, errors, {
        warnings,
        skipMissingOwners: options.skipMissingOwners ?? false,
        fileErrors,
      });
      const postPlans = await planPosts(tx, input.posts, errors, fileErrors);
      const summary: ImportSummary = {
        restaurants: count(restaurantPlans),
        posts: count(postPlans),
        ownersLinked: restaurantPlans.reduce((sum, plan) => sum + plan.ownersAdd.length, 0),
        ownersUnlinked: restaurantPlans.reduce((sum, plan) => sum + plan.ownersRemove.length, 0),
        filesBrought: files.brought.length,
      };
      const removedFiles: string[] = [];
      // Rules that need the database as it is being written (a file the actor may not use, a slug
      // taken meanwhile) are checked by the writes themselves, so they run even when the rows had
      // errors: the report is complete either way, and the rollback below undoes them.
      for (const plan of restaurantPlans)
        if (plan.kind !== "unchanged") await writeRestaurant(tx, actor, plan, errors, removedFiles);
      for (const plan of postPlans) if (plan.kind !== "unchanged") await writePost(tx, actor, plan, errors);
      if (errors.length > 0) {
        result = { ok: false, errors: sortErrors(errors), warnings: sortErrors(warnings) };
        throw new Rollback();
      }
      result = {
        ok: true,
        dryRun,
        summary,
        removedFiles: dryRun ? [] : [...new Set(removedFiles)],
        warnings: sortErrors(warnings),
      };
      if (dryRun) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      if (stored) await discardFiles(db, files, stored);
      throw error;
    }
  }
  if (!result) throw new Error("the import ended without a result");
  // All or nothing, files too: those stored for an import that failed are forgotten and deleted.
  if (stored && !result.ok) await discardFiles(db, files, stored);
  return result;
}

function count(plans: { kind: "create" | "update" | "unchanged" }[]): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
  for (const plan of plans) {
    if (plan.kind === "create") counts.created++;
    else if (plan.kind === "update") counts.updated++;
    else counts.unchanged++;
  }
  return counts;
}

const TABLE_ORDER: Record<Table, number> = { restaurants: 0, posts: 1 };

function sortErrors(errors: RowError[]): RowError[] {
  return errors
    .map((error, i) => ({ error, i }))
    .sort((a, b) => TABLE_ORDER[a.error.table] - TABLE_ORDER[b.error.table] || a.error.row - b.error.row || a.i - b.i)
    .map(({ error }) => error);
}

// Checking rows -----------------------------------------------------------------------------

/** Reports what is wrong with the row's shape (not fields, unknown fields); true when it can be checked further. */
function checkShape(
  row: ImportRow,
  fields: readonly string[],
  report: (field: string, message: BilingualMessage) => void,
): boolean {
  if (row.unreadable?.kind === "notAnObject") {
    report("", importMessage("notAnObject"));
    return false;
  }
  if (row.unreadable?.kind === "cellCount") {
    report("", importMessage("cellCount", { cells: row.unreadable.cells, columns: row.unreadable.columns }));
    return false;
  }
  let known = true;
  for (const key of Object.keys(row.values)) {
    if (!fields.includes(key)) {
      report(key, importMessage("unknownField", { fields: fields.join(", ") }));
      known = false;
    }
  }
  return known;
}

const has = (values: Record<string, unknown>, key: string) => Object.hasOwn(values, key);

/** Values with sorted keys, so two equal values compare equal whatever order their keys came in (jsonb reorders them). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

interface RestaurantPlan {
  kind: "create" | "update" | "unchanged";
  valid: boolean;
  row: number;
  /** The slug the file gives ("" when none). */
  slug: string;
  existing: RestaurantRow | undefined;
  values: RestaurantFormValues;
  formChanged: boolean;
  hours: { value: WeeklyHours | null } | undefined;
  /** The file's Pesach plans, when they differ from the stored ones. */
  pesach: { value: PesachPlans } | undefined;
  lastVerified: { value: string | null } | undefined;
  ownersAdd: { userId: string; email: string }[];
  ownersRemove: { linkId: string; email: string }[];
}

async function planRestaurants(
  tx: Tx,
  rows: ImportRow[],
  errors: RowError[],
  context: { warnings: RowError[]; skipMissingOwners: boolean; fileErrors: ReadonlyMap<string, RowError[]> },
): Promise<RestaurantPlan[]> {
  if (rows.length === 0) return [];
  const stored = await tx.select().from(restaurants);
  const bySlug = new Map(stored.map((row) => [row.slug, row]));
  const byId = new Map(stored.map((row) => [row.id, row]));
  const redirects = new Map(
    (await tx.select().from(restaurantSlugRedirects)).map((row) => [row.old_slug, row.restaurant_id]),
  );
  const links = await tx
    .select({ id: restaurantOwners.id, restaurantId: restaurantOwners.restaurant_id, email: users.email })
    .from(restaurantOwners)
    .innerJoin(users, eq(users.id, restaurantOwners.user_id));
  const linksOf = new Map<string, { id: string; email: string }[]>();
  for (const link of links)
    linksOf.set(link.restaurantId, [
      ...(linksOf.get(link.restaurantId) ?? []),
      { id: link.id, email: link.email.toLowerCase() },
    ]);
  const accounts = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email, role: userRoles.role })
        .from(users)
        .leftJoin(userRoles, eq(userRoles.userId, users.id))
    ).map((user) => [user.email.toLowerCase(), user]),
  );

  const seenSlugs = new Map<string, number>();
  const seenIds = new Map<string, number>();
  const plans: RestaurantPlan[] = [];
  for (const row of rows) {
    let valid = true;
    const report = (field: string, message: BilingualMessage) => {
      valid = false;
      errors.push({ table: "restaurants", row: row.row, field, message });
    };
    for (const error of context.fileErrors.get(`restaurants ${row.row}`) ?? []) report(error.field, error.message);
    if (!checkShape(row, RESTAURANT_COLUMNS, report)) continue;
    const values = row.values;

    // Which restaurant: the slug, or an old slug that redirects; none is a new restaurant.
    let slug = "";
    if (has(values, "slug") && values.slug !== null) {
      if (typeof values.slug !== "string") report("slug", catalogueMessage("form.invalidValue"));
      else {
        slug = values.slug.trim();
        // A slug is what the site makes of a name: what slugFromName leaves as it is.
        if (slug !== "" && slugFromName(slug) !== slug) report("slug", catalogueMessage("blog.slugInvalid"));
      }
    }
    const existing = slug === "" ? undefined : (bySlug.get(slug) ?? byId.get(redirects.get(slug) ?? ""));
    if (slug !== "") {
      const earlier = seenSlugs.get(slug) ?? (existing ? seenIds.get(existing.id) : undefined);
      if (earlier !== undefined) report("slug", importMessage("duplicateSlug", { row: earlier, slug }));
      seenSlugs.set(slug, row.row);
      if (existing) seenIds.set(existing.id, row.row);
    }

    // The form's fields: the file's, over the restaurant's current values (a new one's are empty).
    const current = existing ? restaurantToFormValues(rowToRestaurant(existing)) : EMPTY_FORM;
    const merged: Record<string, unknown> = { ...current };
    for (const field of FORM_FIELDS)
      if (has(values, field)) merged[field] = values[field] === null ? EMPTY_FORM[field] : values[field];
    const parsed = parseRestaurantForm(merged);
    if (!parsed.ok) for (const [field, key] of Object.entries(parsed.errors)) report(field, catalogueMessage(key));
    const formValues = parsed.ok ? parsed.values : EMPTY_FORM;

    let hours: RestaurantPlan["hours"];
    if (has(values, "hours")) {
      const given = values.hours;
      let value: WeeklyHours | null = null;
      if (given !== null && given !== "") {
        const checked = parseWeeklyHours(given);
        if (checked.ok) value = checked.hours;
        else report("hours", catalogueMessage(checked.error));
      }
      if (canonical(existing?.hours ?? null) !== canonical(value)) hours = { value };
    }

    // Pesach plans, checked whole (pesach.ts); a bad one is refused with the row's message.
    let pesach: RestaurantPlan["pesach"];
    if (has(values, "pesach")) {
      const checked = values.pesach === "" ? {} : pesachPlansOf(values.pesach);
      if (checked === null) report("pesach", importMessage("pesachInvalid"));
      else if (canonical(existing?.pesach ?? {}) !== canonical(checked)) pesach = { value: checked };
    }

    let lastVerified: RestaurantPlan["lastVerified"];
    if (has(values, "lastVerified")) {
      const given = values.lastVerified;
      let value: string | null = null;
      if (typeof given === "string" && given.trim() !== "") {
        if (isCalendarDay(given.trim())) value = given.trim();
        else report("lastVerified", importMessage("notADay"));
      } else if (given !== null && given !== "") report("lastVerified", importMessage("notADay"));
      if ((existing?.last_verified ?? null) !== value) lastVerified = { value };
    }

    const ownersAdd: RestaurantPlan["ownersAdd"] = [];
    const ownersRemove: RestaurantPlan["ownersRemove"] = [];
    if (has(values, "owners")) {
      const given = values.owners;
      if (!Array.isArray(given) || !given.every((email): email is string => typeof email === "string"))
        report("owners", importMessage("ownersNotList"));
      else {
        const wanted = [...new Set(given.map((email) => email.trim().toLowerCase()).filter((email) => email !== ""))];
        const linked = existing ? (linksOf.get(existing.id) ?? []) : [];
        for (const email of wanted) {
          if (linked.some((link) => link.email === email)) continue;
          const account = accounts.get(email);
          if (!account) {
            if (context.skipMissingOwners)
              context.warnings.push({
                table: "restaurants",
                row: row.row,
                field: "owners",
                message: importMessage("ownerSkipped", { email, flag: "--skip-missing-owners" }),
              });
            else report("owners", importMessage("unknownOwner", { email }));
          }
          // The dashboard offers only owners (addOwner refuses others); an existing link is kept whatever the role.
          else if (!mayBeLinkedAsOwner(account)) report("owners", importMessage("notOwnerRole", { email }));
          else ownersAdd.push({ userId: account.id, email });
        }
        for (const link of linked)
          if (!wanted.includes(link.email)) ownersRemove.push({ linkId: link.id, email: link.email });
      }
    }

    let formChanged = true;
    if (existing) {
      // What a save of these values would change (the slug follows from the name, and is not the file's to change).
      const after = {
        ...existing,
        ...formValuesToRow(formValues, { lastVerified: existing.last_verified ?? undefined }),
        slug: existing.slug,
      };
      const changes = diffRows(existing, after);
      formChanged = Object.values(changes).some((change) => canonical(change.old) !== canonical(change.new));
    }
    const kind = !existing
      ? "create"
      : formChanged || hours || pesach || lastVerified || ownersAdd.length > 0 || ownersRemove.length > 0
        ? "update"
        : "unchanged";
    plans.push({
      kind,
      valid,
      row: row.row,
      slug,
      existing,
      values: formValues,
      formChanged,
      hours,
      pesach,
      lastVerified,
      ownersAdd,
      ownersRemove,
    });
  }
  return plans;
}

interface PostPlan {
  kind: "create" | "update" | "unchanged";
  valid: boolean;
  row: number;
  existing: BlogRow | undefined;
  values: BlogFormValues;
  date: Date | undefined;
}

const EMPTY_POST: BlogFormValues = { title: "", subtitle: "", slug: "", image: "", content: "" };
const POST_FIELDS = Object.keys(EMPTY_POST) as (keyof BlogFormValues)[];

async function planPosts(
  tx: Tx,
  rows: ImportRow[],
  errors: RowError[],
  fileErrors: ReadonlyMap<string, RowError[]>,
): Promise<PostPlan[]> {
  if (rows.length === 0) return [];
  const stored = await tx.select().from(blogs);
  const bySlug = new Map(stored.flatMap((post) => (post.slug ? [[post.slug, post] as const] : [])));
  // A post from before slugs were required is exported with the slug the editor would give it.
  const byGeneratedSlug = new Map(
    stored.flatMap((post) => (post.slug ? [] : [[generateSlug(post.title), post] as const])),
  );
  const seenSlugs = new Map<string, number>();
  const plans: PostPlan[] = [];
  for (const row of rows) {
    let valid = true;
    const report = (field: string, message: BilingualMessage) => {
      valid = false;
      errors.push({ table: "posts", row: row.row, field, message });
    };
    for (const error of fileErrors.get(`posts ${row.row}`) ?? []) report(error.field, error.message);
    if (!checkShape(row, POST_COLUMNS, report)) continue;
    const values = row.values;

    const slug = typeof values.slug === "string" ? values.slug.trim() : "";
    const existing = slug === "" ? undefined : (bySlug.get(slug) ?? byGeneratedSlug.get(slug));
    const current: BlogFormValues = existing
      ? {
          title: existing.title,
          subtitle: existing.subtitle,
          slug: existing.slug ?? generateSlug(existing.title),
          image: existing.image,
          content: existing.content,
        }
      : EMPTY_POST;
    const merged: Record<string, unknown> = { ...current };
    for (const field of POST_FIELDS)
      if (has(values, field)) merged[field] = values[field] === null ? "" : values[field];
    const parsed = parseBlogForm(merged);
    if (!parsed.ok) for (const [field, key] of Object.entries(parsed.errors)) report(field, catalogueMessage(key));
    if (slug !== "") {
      const earlier = seenSlugs.get(slug);
      if (earlier !== undefined) report("slug", importMessage("duplicateSlug", { row: earlier, slug }));
      seenSlugs.set(slug, row.row);
    }

    let date: Date | undefined;
    if (has(values, "date") && values.date !== null && values.date !== "") {
      const given = values.date;
      if (typeof given === "string" && ISO_DATE_TIME.test(given.trim()) && !Number.isNaN(Date.parse(given.trim())))
        date = new Date(given.trim());
      else report("date", importMessage("notADate"));
    }

    const postValues = parsed.ok ? parsed.values : EMPTY_POST;
    const changed =
      !existing ||
      POST_FIELDS.some((field) =>
        field === "slug" ? existing.slug !== postValues.slug : existing[field] !== postValues[field],
      ) ||
      (date !== undefined && date.getTime() !== existing.date.getTime());
    plans.push({
      kind: !existing ? "create" : changed ? "update" : "unchanged",
      valid,
      row: row.row,
      existing,
      values: postValues,
      date,
    });
  }
  return plans;
}

// Writing -------------------------------------------------------------------------------------

/** A refusal of a write, as errors of its row: a form's field errors on their fields, others on `step`'s field. */
function refusal(table: Table, row: number, step: string, error: AppError): RowError[] {
  const fieldErrors = Object.entries(error.fieldErrors ?? {});
  if (step === "" && fieldErrors.length > 0)
    return fieldErrors.map(([field, key]) => ({ table, row, field, message: catalogueMessage(key, error.values) }));
  const key: MessageKey = fieldErrors[0]?.[1] ?? error.messageKey;
  return [
    {
      table,
      row,
      field: error instanceof OwnerLinkError ? "owners" : step,
      message: catalogueMessage(key, error.values),
    },
  ];
}

/**
 * One restaurant, in a savepoint of the import's transaction, through the dashboard's functions
 * (which open their own, nested, savepoints). A refusal (AppError) becomes the row's errors and
 * undoes the row; anything else ends the import.
 */
async function writeRestaurant(
  tx: Tx,
  actor: Actor,
  plan: RestaurantPlan,
  errors: RowError[],
  removedFiles: string[],
): Promise<void> {
  // A row with errors is not written: its values are not the file's.
  if (!plan.valid) return;
  let step = "";
  try {
    await tx.transaction(async (row) => {
      let id: string;
      if (!plan.existing) {
        const created = await createRestaurant(row, actor, plan.values);
        id = created.id;
        // The file's slug, if free: the restaurant keeps its address (createRestaurant makes one from the name).
        step = "slug";
        if (plan.slug !== "" && created.slug !== plan.slug) await adoptSlug(row, actor, id, plan.slug);
      } else {
        id = plan.existing.id;
        if (plan.formChanged) removedFiles.push(...(await updateRestaurant(row, actor, id, plan.values)).removedFiles);
      }
      step = "hours";
      if (plan.hours) await setRestaurantHours(row, actor, id, plan.hours.value);
      step = "pesach";
      if (plan.pesach) {
        // Each year the file or the record has: the file's plan, or none.
        const stored = plan.existing?.pesach ?? {};
        for (const year of new Set([...Object.keys(stored), ...Object.keys(plan.pesach.value)]))
          await saveRestaurantPesach(row, actor, id, year, plan.pesach.value[year] ?? null);
      }
      step = "lastVerified";
      if (plan.lastVerified) await setVerificationDate(row, actor, id, plan.lastVerified.value);
      step = "owners";
      for (const link of plan.ownersRemove) await removeOwner(row, actor, id, link.linkId);
      for (const owner of plan.ownersAdd) await addOwner(row, actor, id, owner.userId);
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    errors.push(...refusal("restaurants", plan.row, step, error));
  }
}

async function writePost(tx: Tx, actor: Actor, plan: PostPlan, errors: RowError[]): Promise<void> {
  if (!plan.valid) return;
  try {
    await tx.transaction(async (row) => {
      // A post deleted meanwhile is refused (BlogNotFoundError), like any other AppError.
      const post = plan.existing
        ? await updateBlog(row, actor, plan.existing.id, plan.values)
        : await createBlog(row, actor, plan.values);
      // The date is not the blog form's; the post keeps the file's.
      if (plan.date && post.date !== plan.date.toISOString())
        await row.update(blogs).set({ date: plan.date }).where(eq(blogs.id, post.id));
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    errors.push(...refusal("posts", plan.row, "", error));
  }
}

// Reporting -----------------------------------------------------------------------------------

/** `Row 3, nameEn: <English>` and the Hebrew on the next line, indented. */
export function formatRowError(error: RowError): string {
  const where = error.field === "" ? `Row ${error.row}` : `Row ${error.row}, ${error.field}`;
  return `${where}: ${error.message.en}\n    ${error.message.he}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Created 3 and updated 2 restaurants (5 unchanged), …, brought in 4 files", or "Would create 3 and update 2 …" on a dry run. */
export function describeSummary(summary: ImportSummary, dryRun: boolean): string {
  const [create, update, link, unlink, bring] = dryRun
    ? ["create", "update", "link", "unlink", "bring in"]
    : ["created", "updated", "linked", "unlinked", "brought in"];
  const part = (counts: ImportCounts, one: string, many: string) =>
    `${create} ${counts.created} and ${update} ${plural(counts.updated, one, many)} (${counts.unchanged} unchanged)`;
  const sentence = [
    part(summary.restaurants, "restaurant", "restaurants"),
    part(summary.posts, "blog post", "blog posts"),
    `${link} ${plural(summary.ownersLinked, "owner", "owners")} and ${unlink} ${summary.ownersUnlinked}`,
    ...(summary.filesBrought > 0 ? [`${bring} ${plural(summary.filesBrought, "file", "files")}`] : []),
  ].join(", ");
  if (dryRun) return `Would ${sentence}. Nothing was changed (--dry-run).`;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
