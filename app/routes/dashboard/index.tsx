import { useMemo, useState } from "react";
import { Link, useActionData, useSubmit } from "react-router";
import type { Route } from "./+types/index";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { FormAlert, SelectField, TextField } from "../../components/ui/FormFields";
import { readString } from "../../features/accounts/validation";
import { matchesDashboardSearch, nextSort, sortRows, type SortColumn, type SortState } from "./sorting";
import { ClosedBadge, FreshnessMark, TagList, KashrutBadge } from "../../features/restaurants/core/components/Badges";
import { freshnessClock, freshnessOf, type Freshness } from "../../features/restaurants/core/freshness";
import { visibleTags } from "../../features/restaurants/core/components/Badges";
import { deleteRestaurant } from "../../features/restaurants/editing/manage.server";
import { listRestaurantsForUser } from "../../features/restaurants/core/queries.server";
import { removeStoredFiles } from "../../features/restaurants/editing/uploads.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { can } from "../../lib/permissions";
import { requireDashboard } from "../../lib/permissions.server";
import { dashboardAddPath, dashboardEditPath } from "../../lib/paths";
import { noindexPageMeta } from "../../lib/seo";
import { pageOf, redirectWithToast } from "../../lib/toast.server";
import { readFormData } from "../../lib/form-data.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  const { db, settings } = context.get(servicesContext);
  const list = await listRestaurantsForUser(db, viewer);
  // Judged here, on Tel Aviv's day, so the server's HTML and the hydrated page agree (ADR 014).
  const clock = freshnessClock(settings.verificationMaxAgeDays, undefined, settings.certificateGraceDays);
  return {
    canDelete: can(viewer, "restaurant:delete"),
    restaurants: list.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      address: r.address,
      kashrut: r.kashrut,
      tags: r.tags,
      closed: r.isPermanentlyClosed,
      freshness: freshnessOf(r.lastVerified, clock),
      lastVerified: r.lastVerified,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireDashboard(request, context);
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  let files: string[];
  try {
    if (readString(form, "intent") !== "delete") throw new AppError("invalid", "manage.deleteFailed");
    // Owners see no delete button; a crafted request is refused in the page's words (403).
    if (!can(viewer, "restaurant:delete")) throw new AppError("forbidden", "manage.onlyAdminsDelete");
    files = await deleteRestaurant(services.db, viewer, readString(form, "id"));
  } catch (error) {
    return actionError(error, { log: "[dashboard] delete failed:", fallback: "manage.deleteFailed", messages: { notFound: "manage.deleteFailed" } });
  }
  // After the commit: files nothing else names. A file that cannot be deleted is logged.
  await removeStoredFiles(services.files, files);
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: "manage.deleted" });
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "dashboard.title");
}

const DASHBOARD_TAGS = 2;

type Row = Route.ComponentProps["loaderData"]["restaurants"][number];

/** The listing's status: permanently closed, and how fresh its verification is (never verified said in words). */
function ListingStatus({ closed, freshness, lastVerified }: { closed: boolean; freshness: Freshness; lastVerified: string | undefined }) {
  const { t } = useLanguage();
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs">
      {closed ? <ClosedBadge /> : null}
      {freshness === "never" ? (
        <span className="text-stone-600">{t("freshness.never")}</span>
      ) : (
        <FreshnessMark freshness={freshness} lastVerified={lastVerified} />
      )}
    </span>
  );
}

/** Edit, and Delete (with its confirm step) for those who may: the same actions in the table and on a card. */
function RowActions({ row, name, canDelete, large }: { row: Row; name: string; canDelete: boolean; large: boolean }) {
  const { language, t } = useLanguage();
  const submit = useSubmit();
  // A card's actions share its width and are at least 44 px tall (a finger's target).
  const size = large ? "min-h-11 flex-1 justify-center rounded-lg px-4" : "min-h-9 rounded-md px-3";
  return (
    <>
      <Link
        to={dashboardEditPath(row.id, language)}
        aria-label={t("manage.editNamed", { name })}
        className={`inline-flex items-center border border-stone-300 font-medium hover:bg-stone-50 ${size}`}
      >
        {t("manage.edit")}
      </Link>
      {canDelete ? (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              aria-label={t("manage.deleteNamed", { name })}
              className={`inline-flex items-center border border-red-300 font-medium text-red-800 hover:bg-red-50 ${size}`}
            >
              {t("manage.delete")}
            </button>
          }
          title={t("manage.confirmTitle")}
          body={t("manage.confirmBody", { name })}
          confirmLabel={t("manage.delete")}
          cancelLabel={t("manage.cancel")}
          onConfirm={() => void submit({ intent: "delete", id: row.id }, { method: "post" })}
        />
      ) : null}
    </>
  );
}

const SORTS = ["name-asc", "name-desc", "address-asc", "address-desc", "kashrut-asc", "kashrut-desc"] as const;

export default function RestaurantManagement({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortState>({ column: "name", direction: "asc" });
  const rows = useMemo(
    () =>
      sortRows(
        loaderData.restaurants.filter((row) => matchesDashboardSearch(row, search, language)),
        sort,
        language,
      ),
    [loaderData.restaurants, search, sort, language],
  );
  const columnLabel: Record<SortColumn, string> = { name: t("manage.name"), address: t("manage.address"), kashrut: t("manage.kashrut") };

  const header = (column: SortColumn) => (
    <th scope="col" className="px-3 py-2 text-start" aria-sort={sort.column === column ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" onClick={() => setSort(nextSort(sort, column))} className="inline-flex items-center gap-1 font-semibold hover:underline">
        {columnLabel[column]}
        <span aria-hidden="true">{sort.column === column ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}</span>
      </button>
    </th>
  );

  return (
    <section aria-labelledby="dashboard-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="dashboard-title" className="text-2xl font-extrabold">
          {t("dashboard.title")}
        </h1>
        <Link
          to={dashboardAddPath(language)}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {t("manage.add")}
        </Link>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          label={t("manage.search")}
          name="search"
          id="manage-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("manage.searchPlaceholder")}
          className="w-full max-w-md"
        />
        {/* On a phone there are no column headers to sort by: the same order, chosen here. */}
        <SelectField
          label={t("manage.sortBy")}
          name="sort"
          id="manage-sort"
          value={`${sort.column}-${sort.direction}`}
          onChange={(event) => {
            const [column, direction] = event.target.value.split("-") as [SortColumn, SortState["direction"]];
            setSort({ column, direction });
          }}
          className="w-full md:hidden"
        >
          {SORTS.map((value) => {
            const [column, direction] = value.split("-") as [SortColumn, SortState["direction"]];
            return (
              <option key={value} value={value}>
                {t(direction === "asc" ? "manage.sortAscending" : "manage.sortDescending", { column: columnLabel[column] })}
              </option>
            );
          })}
        </SelectField>
      </div>
      {actionData?.error ? (
        <div className="mt-4">
          <FormAlert>{t(actionData.error)}</FormAlert>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-6 text-stone-700">{loaderData.restaurants.length === 0 ? t("manage.empty") : t("manage.noMatch")}</p>
      ) : (
        <>
          {/* Phones: a card per restaurant, its actions in reach; wide screens: the table. */}
          <ul className="mt-4 space-y-3 md:hidden" data-testid="manage-cards">
            {rows.map((row) => {
              const name = localized(row.name, language);
              const tags = visibleTags(row.tags, DASHBOARD_TAGS);
              return (
                <li key={row.id} className="relative rounded-xl border border-stone-200 bg-white p-4" data-testid="manage-card">
                  <h2 className="text-lg font-semibold">
                    <bdi>{name}</bdi>
                  </h2>
                  <div className="mt-1">
                    <ListingStatus closed={row.closed} freshness={row.freshness} lastVerified={row.lastVerified} />
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
                    <dt className="font-medium text-stone-600">{t("manage.address")}</dt>
                    <dd className="break-words">
                      <bdi>{row.address}</bdi>
                    </dd>
                    <dt className="font-medium text-stone-600">{t("manage.kashrut")}</dt>
                    <dd className="text-xs">
                      <KashrutBadge kashrut={row.kashrut} />
                    </dd>
                    {tags.shown.length > 0 ? (
                      <>
                        <dt className="font-medium text-stone-600">{t("manage.tags")}</dt>
                        <dd className="flex flex-wrap gap-1 text-xs">
                          <TagList tags={tags.shown} more={tags.more} />
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <div className="mt-4 flex gap-2">
                    <RowActions row={row} name={name} canDelete={loaderData.canDelete} large />
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="relative mt-4 hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
            {/* relative: the rows' visually hidden labels (absolutely positioned) stay inside this scroller. */}
            <table className="w-full text-sm">
              <thead className="bg-stone-100 text-stone-700">
                <tr>
                  {header("name")}
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("manage.status")}
                  </th>
                  {header("address")}
                  {header("kashrut")}
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("manage.tags")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("manage.actions")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const name = localized(row.name, language);
                  const tags = visibleTags(row.tags, DASHBOARD_TAGS);
                  return (
                    <tr key={row.id} className="border-t border-stone-100" data-testid="manage-row">
                      <td className="px-3 py-2 font-medium">
                        <bdi>{name}</bdi>
                      </td>
                      <td className="px-3 py-2">
                        <ListingStatus closed={row.closed} freshness={row.freshness} lastVerified={row.lastVerified} />
                      </td>
                      <td className="px-3 py-2">
                        <bdi>{row.address}</bdi>
                      </td>
                      <td className="px-3 py-2 text-xs">
                        <KashrutBadge kashrut={row.kashrut} />
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex flex-wrap gap-1 text-xs">
                          <TagList tags={tags.shown} more={tags.more} />
                        </div>
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex gap-2">
                          <RowActions row={row} name={name} canDelete={loaderData.canDelete} large={false} />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
