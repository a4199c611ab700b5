// /dashboard/register/:id and /he/dashboard/register/:id — one register snapshot's review (ADR 033),
// admins only (`register:manage`): the renewal in one step and its undo, the revocations, the
// listings a complete register does not list, the leads, and the entries by grade, a page at a time.
// Every button is a plain form posting its intent; the page model calls the domain, which checks
// the permission again.
import { Link } from "react-router";
import type { Route } from "./+types/register-review";
import { FormAlert } from "../../components/ui/FormFields";
import { Pager } from "../../components/ui/Pager";
import { QueuePage } from "../../components/ui/QueuePage";
import { ApplySteps, EntryList, GradeTabs } from "../../features/restaurants/register/components/RegisterReview";
import { registerReviewAction, registerReviewPage } from "../../features/restaurants/register/page.server";
import { loaderError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { formatLongDate } from "../../lib/dates";
import { localizePath } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";
import type { MessageKey } from "../../locales/en";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "register:manage");
  return registerReviewPage(context.get(servicesContext), viewer, request, params.id).catch(loaderError);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "register:manage");
  return registerReviewAction(context.get(servicesContext), viewer, request, params.id);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "register.title");
}

export default function RegisterReview({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const { snapshot, counts, grade, page, pages, entries } = loaderData;
  const failed =
    actionData && "error" in actionData ? (actionData as { entryId?: string; error: MessageKey }) : undefined;
  const title = t(snapshot.list === "revoked" ? "register.revokedTitle" : "register.reviewTitle", {
    date: formatLongDate(snapshot.published_on, language),
  });
  return (
    <QueuePage id="register-review-title" title={title}>
      <Link to={localizePath("/dashboard/register", language)} className="mt-2 inline-block text-brand-800 underline">
        {t("register.back")}
      </Link>
      <p className="mt-2 text-sm text-stone-700">
        <bdi dir="ltr">{snapshot.file_name}</bdi> · {t("register.rows", { count: snapshot.row_count })} ·{" "}
        {t(`register.status.${snapshot.status}`)}
      </p>
      {failed && !failed.entryId ? <FormAlert>{t(failed.error)}</FormAlert> : null}
      {snapshot.status === "discarded" ? null : <ApplySteps overview={loaderData} />}
      <GradeTabs counts={counts} grade={grade} />
      <EntryList entries={entries} failed={failed} />
      <Pager page={page} pages={pages} href={(to) => `?grade=${grade}&page=${to}`} />
    </QueuePage>
  );
}
