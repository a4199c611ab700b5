// /dashboard/register and /he/dashboard/register — the Rabbinate's register (ADR 033), admins only
// (`register:manage`): upload a register file (kept as a pending snapshot, graded against the
// listings; a partial list needs a reason) and the snapshots kept, "as published on …". The form
// carries one file (route facts' `fileForm`) and works without JavaScript.
import type { Route } from "./+types/register";
import { QueuePage } from "../../components/ui/QueuePage";
import {
  RegisterImportForm,
  SnapshotList,
  type ImportAnswer,
} from "../../features/restaurants/register/components/RegisterImport";
import { listSnapshots } from "../../features/restaurants/register/index.server";
import { registerImportAction } from "../../features/restaurants/register/page.server";
import { servicesContext } from "../../lib/context";
import { telAvivDay } from "../../lib/dates";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "register:manage");
  const { db } = context.get(servicesContext);
  return { snapshots: await listSnapshots(db, viewer), today: telAvivDay(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "register:manage");
  return registerImportAction(context.get(servicesContext), viewer, request);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "register.title");
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const answer = actionData && "error" in actionData ? (actionData as ImportAnswer) : undefined;
  return (
    <QueuePage id="register-title" title={t("register.title")}>
      <p className="mt-2 max-w-prose text-stone-700">{t("register.intro")}</p>
      <RegisterImportForm today={loaderData.today} answer={answer} />
      <h2 className="mt-8 text-xl font-bold">{t("register.snapshots")}</h2>
      <SnapshotList snapshots={loaderData.snapshots} />
    </QueuePage>
  );
}
