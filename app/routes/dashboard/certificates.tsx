// /dashboard/certificates and /he/dashboard/certificates — the kashrut certificates ending in the
// next 30 days and those past their last day, for admins (`certificates:review`), each
// with a one-click "Renewed until …" that goes through the restaurant's normal change path
// (renewCertificate: history, live updates, caches). Plain forms: works without JavaScript.
import { Form, Link } from "react-router";
import type { Route } from "./+types/certificates";
import { QueueEmpty, QueuePage } from "../../components/ui/QueuePage";
import { FormAlert, SubmitButton, TextField } from "../../components/ui/FormFields";
import { listCertificates, type ListedCertificate } from "../../features/restaurants/certificate/list.server";
import { CertificateLine } from "../../features/restaurants/certificate/components/CertificateLine";
import { bodyName } from "../../features/restaurants/certificate/wording-page";
import { freshnessClock } from "../../features/restaurants/core/freshness";
import { renewCertificate } from "../../features/restaurants/editing/manage.server";
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
  const viewer = await requirePermission(request, context, "certificates:review");
  const { db, settings } = context.get(servicesContext);
  const clock = freshnessClock(settings.verificationMaxAgeDays, undefined, settings.certificateGraceDays);
  return { certificates: await listCertificates(db, viewer, clock), clock, graceDays: settings.certificateGraceDays };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "certificates:review");
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const restaurantId = String(form.get("restaurantId") ?? "");
  const validUntil = String(form.get("validUntil") ?? "").trim();
  try {
    await renewCertificate(services.db, viewer, restaurantId, validUntil);
  } catch (error) {
    return actionError(error, { log: "[certificates] renewal failed:", with: { restaurantId } });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: "certificates.renewed" });
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "certificates.title");
}

export default function Certificates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { certificates, clock, graceDays } = loaderData;
  return (
    <QueuePage id="certificates-title" title={t("certificates.title")}>
      <p className="mt-2 max-w-prose text-stone-700">{t("certificates.intro", { days: graceDays })}</p>
      {certificates.length === 0 ? (
        <QueueEmpty>{t("certificates.none")}</QueueEmpty>
      ) : (
        <ul className="mt-4 space-y-3">
          {certificates.map((certificate) => (
            <CertificateRow
              key={certificate.id}
              certificate={certificate}
              clock={clock}
              error={actionData?.restaurantId === certificate.id ? actionData.error : undefined}
            />
          ))}
        </ul>
      )}
    </QueuePage>
  );
}

const GROUP: Record<ListedCertificate["state"]["kind"], MessageKey> = {
  none: "certificates.soon",
  valid: "certificates.soon",
  renewalPending: "certificates.pending",
  expired: "certificates.expired",
  revoked: "certificates.expired",
};

function CertificateRow({
  certificate,
  clock,
  error,
}: {
  certificate: ListedCertificate;
  clock: { today: string; graceDays?: number };
  error: MessageKey | undefined;
}) {
  const { language, t } = useLanguage();
  const name = localized(certificate.name, language);
  const dateId = `renew-${certificate.id}`;
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="certificate-row"
      data-state={certificate.state.kind}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">
          <bdi>{name}</bdi>
        </h2>
        <span className="rounded-full border border-stone-300 bg-stone-50 px-2 py-0.5 text-xs font-semibold text-stone-800">
          {t(GROUP[certificate.state.kind])}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-700">{t(bodyName(certificate.body))}</p>
      <CertificateLine certificate={certificate} clock={clock} className="mt-1" />
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={restaurantPath(certificate.slug, language)} className="text-brand-800 underline underline-offset-4">
          {t("reports.viewListing")}
        </Link>
        <Link to={dashboardEditPath(certificate.id, language)} className="text-brand-800 underline underline-offset-4">
          {t("certificates.edit")}
        </Link>
      </div>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3 border-t border-stone-100 pt-3">
        <input type="hidden" name="restaurantId" value={certificate.id} />
        {error ? <FormAlert>{t(error)}</FormAlert> : null}
        <TextField
          label={t("certificates.renewedUntil")}
          name="validUntil"
          id={dateId}
          type="date"
          dir="ltr"
          required
          defaultValue={certificate.suggested}
        />
        <SubmitButton busyLabel={t("certificates.renew")} className="px-4 text-sm">
          {t("certificates.renew")}
        </SubmitButton>
      </Form>
    </li>
  );
}
