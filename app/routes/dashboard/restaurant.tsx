// /dashboard/add and /dashboard/edit/:id — the restaurant form, and for admins the ownership
// panel, the verification date and the change history. Every action checks permission itself.
import { Link } from "react-router";
import type { Route } from "./+types/restaurant";
import { BackLink } from "../../components/ui/BackLink";
import {
  OwnershipPanel,
  HistoryList,
  VerificationPicker,
} from "../../features/restaurants/editing/components/AdminPanels";
import { RestaurantForm } from "../../features/restaurants/editing/components/RestaurantForm";
import { RevocationPanel } from "../../features/restaurants/register/components/RevocationPanel";
import { clearRevocationAction } from "../../features/restaurants/register/revocation-action.server";
import { EMPTY_FORM, parseRestaurantForm } from "../../features/restaurants/editing/form-schema";
import { createRestaurant, getRestaurantById } from "../../features/restaurants/editing/manage.server";
import { saveRestaurant } from "../../features/restaurants/editing/save.server";
import { adminPanelAction, adminPanels, refusedRequest } from "../../features/restaurants/editing/admin-panels.server";
import { restaurantToFormValues } from "../../features/restaurants/core/mapping";
import { actionError, parsedOrThrow } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { isAppError } from "../../lib/errors";
import { useLanguage } from "../../lib/i18n/use-language";
import { can } from "../../lib/permissions";
import {
  hasRestaurantAccess,
  requireDashboard,
  requirePermission,
  requireRestaurantAccess,
} from "../../lib/permissions.server";
import { detectLanguage, localized } from "../../lib/i18n/language";
import { dashboardPath } from "../../lib/paths";
import { dashboardEditPath, dashboardHoursPath, dashboardSuggestionsPath } from "../../lib/member-paths";
import { suggestionFormValues } from "../../features/restaurants/suggestions/suggestions.server";
import { approveAndTell } from "../../features/restaurants/suggestions/decisions.server";
import { noindexPageMeta } from "../../lib/meta";
import { redirectWithToast } from "../../lib/toast.server";
import { readFormData } from "../../lib/form-data.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const dashboard = dashboardPath(detectLanguage(new URL(request.url).pathname));
  if (!params.id) {
    const viewer = await requirePermission(request, context, "restaurant:create");
    // Approving a suggestion opens this form prefilled with what the visitor sent.
    const suggestionId = new URL(request.url).searchParams.get("suggestion");
    if (suggestionId !== null) {
      await requirePermission(request, context, "suggestions:manage");
      const language = detectLanguage(new URL(request.url).pathname);
      const prefilled = await suggestionFormValues(services.db, viewer, suggestionId).catch(async (error: unknown) => {
        if (!isAppError(error)) throw error;
        throw await redirectWithToast(services.toasts, dashboardSuggestionsPath(language), {
          type: "error",
          message: error.messageKey,
        });
      });
      return {
        mode: "add" as const,
        id: undefined,
        initial: prefilled.values,
        suggestionId,
        admin: null,
        tiles: services.settings.mapTiles,
      };
    }
    return {
      mode: "add" as const,
      id: undefined,
      initial: EMPTY_FORM,
      suggestionId: null,
      admin: null,
      tiles: services.settings.mapTiles,
    };
  }
  const viewer = await requireDashboard(request, context);
  const restaurant = (await hasRestaurantAccess(services.db, viewer, params.id))
    ? await getRestaurantById(services.db, params.id)
    : undefined;
  // Spec: lacking access or failing to load sends the user back to the dashboard.
  if (!restaurant)
    throw await redirectWithToast(services.toasts, dashboard, { type: "error", message: "editor.loadFailed" });
  const admin = can(viewer, "owners:manage") ? await adminPanels(services.db, restaurant) : null;
  return {
    mode: "edit" as const,
    id: restaurant.id,
    name: restaurant.name,
    initial: restaurantToFormValues(restaurant),
    suggestionId: null,
    admin,
    tiles: services.settings.mapTiles,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const language = detectLanguage(new URL(request.url).pathname);
  const isJson = request.headers.get("content-type")?.includes("application/json") ?? false;
  const body: unknown = isJson
    ? await request.json().catch(() => null)
    : Object.fromEntries(await readFormData(request));
  const intent =
    body && typeof body === "object" && "intent" in body ? String((body as { intent: unknown }).intent) : "";

  if (intent === "save") {
    const viewer = params.id
      ? await requireRestaurantAccess(request, context, params.id)
      : await requirePermission(request, context, "restaurant:create");
    // The form opened from a suggestion approves it as it creates the listing.
    const suggestionId = params.id ? null : new URL(request.url).searchParams.get("suggestion");
    if (suggestionId !== null) await requirePermission(request, context, "suggestions:manage");
    try {
      const values = parsedOrThrow(parseRestaurantForm((body as { values?: unknown }).values));
      // Each removes the files it made unused, or answers the visitor, after its own commit.
      if (params.id) await saveRestaurant(services, viewer, params.id, values);
      else if (suggestionId !== null) await approveAndTell(services, viewer, suggestionId, values);
      else await createRestaurant(services.db, viewer, values);
    } catch (error) {
      // Access lost since the check above (an owner unlinked meanwhile) is refused like the check
      // refuses; a file this user may not use (another restaurant's, someone else's upload) names
      // its fields. Nothing was saved.
      return actionError(error, {
        log: "[dashboard] save failed:",
        fallback: "editor.saveFailed",
        messages: { notFound: "editor.saveFailed" },
      });
    }
    if (suggestionId !== null) {
      return redirectWithToast(services.toasts, dashboardSuggestionsPath(language), {
        type: "success",
        message: "suggestions.approvedToast",
      });
    }
    return redirectWithToast(services.toasts, dashboardPath(language), {
      type: "success",
      message: params.id ? "editor.updated" : "editor.added",
    });
  }

  if (!params.id) return refusedRequest("editor.saveFailed");
  const form = body as Record<string, unknown>;
  const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");

  if (intent === "addOwner" || intent === "removeOwner" || intent === "verify") {
    const viewer = await requirePermission(
      request,
      context,
      intent === "verify" ? "verification:set" : "owners:manage",
    );
    return adminPanelAction(services.db, viewer, params.id, intent, field);
  }
  if (intent === "clearRevocation") return clearRevocationAction(request, context, params.id);
  return refusedRequest("editor.saveFailed");
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, args.loaderData?.mode === "edit" ? "editor.editTitle" : "editor.addTitle");
}

export default function RestaurantEditor({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const name = loaderData.mode === "edit" ? localized(loaderData.name, language) : "";
  return (
    <div className="space-y-6">
      <BackLink to={dashboardPath(language)}>{t("editor.back")}</BackLink>
      <h1 className="text-2xl font-extrabold">
        {loaderData.mode === "edit" ? t("editor.editTitle") : t("editor.addTitle")}
      </h1>
      {loaderData.suggestionId ? (
        <p
          className="rounded-lg border border-brand-600/40 bg-brand-50 p-3 text-brand-900"
          data-testid="from-suggestion"
        >
          {t("suggestions.fromSuggestion")}
        </p>
      ) : null}
      {loaderData.id ? (
        <Link
          to={dashboardHoursPath(loaderData.id, language)}
          className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
          data-testid="edit-hours"
        >
          {t("hours.edit")}
        </Link>
      ) : null}
      {/* Pesach */}
      {loaderData.id ? (
        <Link
          to={`${dashboardEditPath(loaderData.id, language)}/pesach`}
          className="ms-3 inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
          data-testid="edit-pesach"
        >
          {t("pesachEdit.edit")}
        </Link>
      ) : null}
      <RestaurantForm
        key={loaderData.id ?? loaderData.suggestionId ?? "new"}
        id={loaderData.id}
        draft={loaderData.suggestionId ? `suggestion-${loaderData.suggestionId}` : undefined}
        initial={loaderData.initial}
        tiles={loaderData.tiles}
      />
      {loaderData.admin ? (
        <>
          <OwnershipPanel
            restaurantName={name}
            owners={loaderData.admin.owners}
            available={loaderData.admin.available}
          />
          <hr className="border-stone-300" />
          <VerificationPicker lastVerified={loaderData.admin.lastVerified} />
          <RevocationPanel revokedOn={loaderData.admin.revokedOn} />
          <HistoryList entries={loaderData.admin.history} />
        </>
      ) : null}
    </div>
  );
}
