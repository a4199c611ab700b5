// /dashboard/edit/:id/pesach (and /he/…) — a restaurant's plan for the coming (or current) Pesach,
// for whoever may edit the restaurant. Its own page, so its code loads only when used;
// a plain form, so it works without JavaScript.
import { BackLink } from "../../components/ui/BackLink";
import type { Route } from "./+types/pesach";
import { getRestaurantById } from "../../features/restaurants/editing/manage.server";
import { PesachForm } from "../../features/restaurants/pesach/editing/components/PesachForm";
import { cholHamoedOf } from "../../features/restaurants/pesach/pesach";
import { pesachFormValues } from "../../features/restaurants/pesach/editing/pesach-form";
import { setRestaurantPesach } from "../../features/restaurants/pesach/pesach.server";
import { pesachAround, seasonNow } from "../../features/restaurants/pesach/season.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { readFormData } from "../../lib/form-data.server";
import { detectLanguage, localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { hasRestaurantAccess, requireDashboard, requireRestaurantAccess } from "../../lib/permissions.server";
import { dashboardPath } from "../../lib/paths";
import { dashboardEditPath } from "../../lib/member-paths";
import { noindexPageMeta } from "../../lib/meta";
import { redirectWithToast } from "../../lib/toast.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireDashboard(request, context);
  const restaurant = (await hasRestaurantAccess(services.db, viewer, params.id))
    ? await getRestaurantById(services.db, params.id)
    : undefined;
  // Like the restaurant editor: no access, or no such restaurant, goes back to the dashboard.
  if (!restaurant)
    throw await redirectWithToast(services.toasts, dashboardPath(detectLanguage(new URL(request.url).pathname)), {
      type: "error",
      message: "editor.loadFailed",
    });
  // Always the coming Pesach, or the one under way (the server's calendar).
  const pesach = pesachAround(seasonNow(services));
  return {
    id: restaurant.id,
    name: restaurant.name,
    pesach,
    cholHamoed: cholHamoedOf(pesach),
    values: pesachFormValues(restaurant.pesach?.[pesach.year]),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRestaurantAccess(request, context, params.id);
  const services = context.get(servicesContext);
  const form = Object.fromEntries(await readFormData(request));
  try {
    await setRestaurantPesach(services.db, viewer, params.id, pesachAround(seasonNow(services)).year, form);
  } catch (error) {
    return actionError(error, { log: "[dashboard] pesach:", fallback: "editor.saveFailed", with: { values: form } });
  }
  return redirectWithToast(
    services.toasts,
    dashboardEditPath(params.id, detectLanguage(new URL(request.url).pathname)),
    {
      type: "success",
      message: "pesachEdit.saved",
    },
  );
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "pesachEdit.edit");
}

export default function PesachPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  return (
    <div className="space-y-6">
      <BackLink to={dashboardEditPath(loaderData.id, language)}>{t("pesachEdit.back")}</BackLink>
      <h1 className="text-2xl font-extrabold">
        {t("pesachEdit.title", { year: loaderData.pesach.year })}: <bdi>{localized(loaderData.name, language)}</bdi>
      </h1>
      <PesachForm
        pesach={loaderData.pesach}
        cholHamoed={loaderData.cholHamoed}
        initial={loaderData.values}
        answer={actionData}
      />
    </div>
  );
}
