// /dashboard and /he/dashboard — the listings the user manages (admins: all), searched and sorted
// on the page, with Edit and (admins) Delete. The page model (editing/listings-page.server.ts) reads
// the listings and deletes one; the route wires it and keeps the search and the order.
import { useMemo, useState } from "react";
import { Link, useActionData } from "react-router";
import type { Route } from "./+types/index";
import { FormAlert, SelectField, TextField } from "../../components/ui/FormFields";
import { matchesDashboardSearch, nextSort, sortRows, type SortColumn, type SortState } from "./sorting";
import { ListingCards, ListingTable } from "../../features/restaurants/editing/components/ListingList";
import { listingsAction, listingsPage } from "../../features/restaurants/editing/listings-page.server";
import { servicesContext } from "../../lib/context";
import { useLanguage } from "../../lib/i18n/use-language";
import { requireDashboard } from "../../lib/permissions.server";
import { dashboardAddPath } from "../../lib/member-paths";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireDashboard(request, context);
  return listingsPage(context.get(servicesContext), viewer);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireDashboard(request, context);
  return listingsAction(context.get(servicesContext), viewer, request);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "dashboard.title");
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
  const columnLabel: Record<SortColumn, string> = {
    name: t("manage.name"),
    address: t("manage.address"),
    kashrut: t("manage.kashrut"),
  };

  const header = (column: SortColumn) => (
    <th
      scope="col"
      className="px-3 py-2 text-start"
      aria-sort={sort.column === column ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        onClick={() => setSort(nextSort(sort, column))}
        className="inline-flex items-center gap-1 font-semibold hover:underline"
      >
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
                {t(direction === "asc" ? "manage.sortAscending" : "manage.sortDescending", {
                  column: columnLabel[column],
                })}
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
        <p className="mt-6 text-stone-700">
          {loaderData.restaurants.length === 0 ? t("manage.empty") : t("manage.noMatch")}
        </p>
      ) : (
        <>
          {/* Phones: a card per restaurant, its actions in reach; wide screens: the table. */}
          <ListingCards rows={rows} canDelete={loaderData.canDelete} />
          <ListingTable rows={rows} canDelete={loaderData.canDelete} header={header} />
        </>
      )}
    </section>
  );
}
