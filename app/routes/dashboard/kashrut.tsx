// /dashboard/kashrut and /he/dashboard/kashrut — the listings whose kashrut value and certificate
// disagreed when the two became one (ADR 032), for admins ("register:manage"): each shows the value
// the site shows beside what the certificate reads as, with "keep the certificate" and "keep the
// Kashrut value" (settleKashrut: the listing's change path). Plain forms: works without JavaScript.
import { Form, Link } from "react-router";
import type { Route } from "./+types/kashrut";
import { QueueEmpty, QueuePage } from "../../components/ui/QueuePage";
import { FormAlert } from "../../components/ui/FormFields";
import { KASHRUT_LABELS } from "../../features/restaurants/core/constants";
import { bodyName } from "../../features/restaurants/certificate/wording-page";
import { listDisagreements, type Disagreement } from "../../features/restaurants/editing/disagreements.server";
import { settleKashrut } from "../../features/restaurants/editing/manage.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { readFormData } from "../../lib/form-data.server";
import { localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { restaurantPath } from "../../lib/paths";
import { dashboardEditPath } from "../../lib/member-paths";
import { noindexPageMeta } from "../../lib/meta";
import { pageOf, redirectWithToast } from "../../lib/toast.server";
import type { MessageKey } from "../../locales/en";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "register:manage");
  return { disagreements: await listDisagreements(context.get(servicesContext).db, viewer) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "register:manage");
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const restaurantId = String(form.get("restaurantId") ?? "");
  try {
    await settleKashrut(services.db, viewer, restaurantId, String(form.get("choice") ?? ""));
  } catch (error) {
    return actionError(error, { log: "[kashrut] settling failed:", with: { restaurantId } });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: "kashrutModel.settled" });
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "kashrutModel.title");
}

export default function KashrutToSettle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { disagreements } = loaderData;
  return (
    <QueuePage id="kashrut-title" title={t("kashrutModel.title")}>
      <p className="mt-2 max-w-prose text-stone-700">{t("kashrutModel.intro")}</p>
      {actionData && !disagreements.some((row) => row.id === actionData.restaurantId) ? (
        <FormAlert>{t(actionData.error)}</FormAlert>
      ) : null}
      {disagreements.length === 0 ? (
        <QueueEmpty>{t("kashrutModel.none")}</QueueEmpty>
      ) : (
        <ul className="mt-4 space-y-3">
          {disagreements.map((row) => (
            <DisagreementRow
              key={row.id}
              row={row}
              error={actionData?.restaurantId === row.id ? actionData.error : undefined}
            />
          ))}
        </ul>
      )}
    </QueuePage>
  );
}

function DisagreementRow({ row, error }: { row: Disagreement; error: MessageKey | undefined }) {
  const { language, t } = useLanguage();
  const label = (kashrut: Disagreement["kashrut"]) => KASHRUT_LABELS[kashrut][language];
  const certificate = row.body
    ? `${t(bodyName(row.body))}, ${row.level ? t(`certificate.level.${row.level}`) : t("kashrutModel.levelNotGiven")}`
    : t("kashrutModel.bodyUnknown");
  const button =
    "min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2";
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" data-testid="disagreement-row">
      <h2 className="text-lg font-semibold">
        <bdi>{localized(row.name, language)}</bdi>
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-stone-700">{t("kashrutModel.stored")}</dt>
        <dd data-testid="disagreement-stored">{label(row.kashrut)}</dd>
        <dt className="font-medium text-stone-700">{t("kashrutModel.certificate")}</dt>
        <dd data-testid="disagreement-certificate">
          {certificate} ({t("kashrutModel.readsAs", { kashrut: label(row.derived) })})
        </dd>
      </dl>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={restaurantPath(row.slug, language)} className="text-brand-800 underline underline-offset-4">
          {t("reports.viewListing")}
        </Link>
        <Link to={dashboardEditPath(row.id, language)} className="text-brand-800 underline underline-offset-4">
          {t("kashrutModel.edit")}
        </Link>
      </div>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3 border-t border-stone-100 pt-3">
        <input type="hidden" name="restaurantId" value={row.id} />
        {error ? <FormAlert>{t(error)}</FormAlert> : null}
        <button type="submit" name="choice" value="certificate" className={button}>
          {t("kashrutModel.keepCertificate", { kashrut: label(row.derived) })}
        </button>
        <button type="submit" name="choice" value="kashrut" className={button}>
          {t("kashrutModel.keepKashrut", { kashrut: label(row.kashrut) })}
        </button>
      </Form>
    </li>
  );
}
