import { useMemo, useState } from "react";
import { data, Link, useActionData, useSubmit } from "react-router";
import type { Route } from "./+types/index";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { FormAlert } from "../../components/ui/form";
import { readString } from "../../features/accounts/validation";
import { matchesDashboardSearch, nextSort, sortRows, type SortColumn, type SortState } from "./sorting";
import { TagList, KashrutBadge } from "../../features/restaurants/components/Badges";
import { visibleTags } from "../../features/restaurants/filters";
import { deleteRestaurant } from "../../features/restaurants/manage.server";
import { listRestaurantsForUser } from "../../features/restaurants/queries.server";
import { removeStoredFiles } from "../../features/restaurants/uploads.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
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
  const list = await listRestaurantsForUser(context.get(servicesContext).db, viewer);
  return {
    canDelete: can(viewer, "restaurant:delete"),
    restaurants: list.map((r) => ({ id: r.id, slug: r.slug, name: r.name, address: r.address, kashrut: r.kashrut, tags: r.tags })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireDashboard(request, context);
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  if (readString(form, "intent") !== "delete") return data({ error: "manage.deleteFailed" as const }, { status: 400 });
  if (!can(viewer, "restaurant:delete")) return data({ error: "manage.onlyAdminsDelete" as const }, { status: 403 });
  let files: string[];
  try {
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

export default function RestaurantManagement({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const submit = useSubmit();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortState>({ column: "name", direction: "asc" });
  const rows = useMemo(
    () => sortRows(loaderData.restaurants.filter((row) => matchesDashboardSearch(row, search, language)), sort, language),
    [loaderData.restaurants, search, sort, language],
  );

  const header = (column: SortColumn, label: string) => (
    <th scope="col" className="px-3 py-2 text-start" aria-sort={sort.column === column ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" onClick={() => setSort(nextSort(sort, column))} className="inline-flex items-center gap-1 font-semibold hover:underline">
        {label}
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
        <Link to={dashboardAddPath(language)} className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          {t("manage.add")}
        </Link>
      </div>
      <div className="mt-4">
        <label htmlFor="manage-search" className="block text-sm font-medium">
          {t("manage.search")}
        </label>
        <input
          id="manage-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("manage.searchPlaceholder")}
          className="mt-1 min-h-11 w-full max-w-md rounded-lg border border-stone-300 px-3"
        />
      </div>
      {actionData?.error ? (
        <div className="mt-4">
          <FormAlert>{t(actionData.error)}</FormAlert>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-6 text-stone-700">{loaderData.restaurants.length === 0 ? t("manage.empty") : t("manage.noMatch")}</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white">
          {/* relative: the rows' visually hidden labels (absolutely positioned) stay inside this scroller instead of widening the page at 360 px. */}
          <table className="w-full text-sm">
            <thead className="bg-stone-100 text-stone-700">
              <tr>
                {header("name", t("manage.name"))}
                {header("address", t("manage.address"))}
                {header("kashrut", t("manage.kashrut"))}
                <th scope="col" className="px-3 py-2 text-start font-semibold">{t("manage.tags")}</th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">{t("manage.actions")}</th>
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
                        <Link
                          to={dashboardEditPath(row.id, language)}
                          aria-label={t("manage.editNamed", { name })}
                          className="inline-flex min-h-9 items-center rounded-md border border-stone-300 px-3 font-medium hover:bg-stone-50"
                        >
                          {t("manage.edit")}
                        </Link>
                        {loaderData.canDelete ? (
                          <ConfirmDialog
                            trigger={
                              <button
                                type="button"
                                aria-label={t("manage.deleteNamed", { name })}
                                className="inline-flex min-h-9 items-center rounded-md border border-red-300 px-3 font-medium text-red-800 hover:bg-red-50"
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
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
