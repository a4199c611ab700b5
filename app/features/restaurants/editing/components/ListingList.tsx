// The dashboard's list of the listings a user manages: a card per listing on a phone (its actions
// in reach), a table on wide screens; Edit, and Delete with its confirm step for those who may.
import type { ReactNode } from "react";
import { Link, useSubmit } from "react-router";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { ColumnHeader, DataTable } from "../../../../components/ui/DataTable";
import { localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { dashboardEditPath } from "../../../../lib/member-paths";
import { ClosedBadge, FreshnessMark, KashrutBadge, TagList, visibleTags, type Freshness } from "../../core";
import type { ListingRow } from "../listings-page.server";

const DASHBOARD_TAGS = 2;

type Row = ListingRow;

/** The listing's status: permanently closed, and how fresh its verification is (never verified said in words). */
function ListingStatus({
  closed,
  freshness,
  lastVerified,
}: {
  closed: boolean;
  freshness: Freshness;
  lastVerified: string | undefined;
}) {
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

/** Phones: a card per listing. */
export function ListingCards({ rows, canDelete }: { rows: Row[]; canDelete: boolean }) {
  const { language, t } = useLanguage();
  return (
    <ul className="mt-4 space-y-3 md:hidden" data-testid="manage-cards">
      {rows.map((row) => {
        const name = localized(row.name, language);
        const tags = visibleTags(row.tags, DASHBOARD_TAGS);
        return (
          <li
            key={row.id}
            className="relative rounded-xl border border-stone-200 bg-white p-4"
            data-testid="manage-card"
          >
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
              <RowActions row={row} name={name} canDelete={canDelete} large />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Wide screens: the table; `header` draws a sortable column's header (the page keeps the order). */
export function ListingTable({
  rows,
  canDelete,
  header,
}: {
  rows: Row[];
  canDelete: boolean;
  header: (column: "name" | "address" | "kashrut") => ReactNode;
}) {
  const { language, t } = useLanguage();
  return (
    <DataTable
      className="hidden md:block"
      head={
        <>
          {header("name")}
          <ColumnHeader>{t("manage.status")}</ColumnHeader>
          {header("address")}
          {header("kashrut")}
          <ColumnHeader>{t("manage.tags")}</ColumnHeader>
          <ColumnHeader>{t("manage.actions")}</ColumnHeader>
        </>
      }
    >
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
                <RowActions row={row} name={name} canDelete={canDelete} large={false} />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
