// /dashboard/edit/:id/hours (and /he/…) — a restaurant's weekly hours and Shabbat rules (ADR 016),
// for whoever may edit the restaurant. Its own page, so its code loads only when it is used.
import { BackLink } from "../../components/ui/BackLink";
import type { Route } from "./+types/hours";
import { HoursEditor } from "../../features/restaurants/hours/components/HoursEditor";
import { emptyWeek } from "../../features/restaurants/hours/hours";
import { setRestaurantHours } from "../../features/restaurants/hours/hours.server";
import { getRestaurantById } from "../../features/restaurants/editing/manage.server";
import { windowsAround } from "../../features/restaurants/hours/rest-windows.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
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
  const now = Date.now();
  return {
    id: restaurant.id,
    name: restaurant.name,
    // Unknown kashrut: open on Shabbat unless said otherwise; every other kashrut: closed.
    hours: restaurant.hours ?? emptyWeek(restaurant.kashrut !== "unknown"),
    // The coming week's Shabbat and Yom Tov (plain instants) for the live preview.
    now,
    windows: windowsAround(now),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRestaurantAccess(request, context, params.id);
  const services = context.get(servicesContext);
  const body: unknown = await request.json().catch(() => null);
  try {
    await setRestaurantHours(
      services.db,
      viewer,
      params.id,
      body && typeof body === "object" && "hours" in body ? body.hours : undefined,
    );
  } catch (error) {
    return actionError(error, { log: "[dashboard] hours:", fallback: "editor.saveFailed" });
  }
  return redirectWithToast(
    services.toasts,
    dashboardEditPath(params.id, detectLanguage(new URL(request.url).pathname)),
    {
      type: "success",
      message: "hours.saved",
    },
  );
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "hours.title");
}

export default function HoursPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  return (
    <div className="space-y-6">
      <BackLink to={dashboardEditPath(loaderData.id, language)}>{t("hours.back")}</BackLink>
      <h1 className="text-2xl font-extrabold">
        {t("hours.title")}: <bdi>{localized(loaderData.name, language)}</bdi>
      </h1>
      <HoursEditor initial={loaderData.hours} now={loaderData.now} windows={loaderData.windows} answer={actionData} />
    </div>
  );
}
