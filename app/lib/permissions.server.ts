// The one place that says who may do what. Loaders and actions call these; hiding a button is UX.
import { and, eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { restaurantOwners } from "../../database/schema/restaurants";
import type { Db } from "../../database/types";
import { servicesContext, type AppSettings } from "./context";
import { isUuid } from "./ids";
import { detectLanguage, localizePath } from "./i18n/language";
import { homePath } from "./paths";
import { viewerContext, type Viewer } from "./session.server";
import { redirectWithToast } from "./toast.server";

export type Action =
  | "dashboard:enter"
  | "restaurant:create"
  | "restaurant:delete"
  | "owners:manage"
  | "verification:set"
  | "users:manage"
  | "blog:manage";

const ADMIN_ONLY: ReadonlySet<Action> = new Set(["restaurant:delete", "owners:manage", "verification:set", "users:manage", "blog:manage"]);

export function can(viewer: Pick<Viewer, "role"> | null, action: Action): boolean {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  if (ADMIN_ONLY.has(action)) return false;
  return viewer.role === "owner";
}

export function roleFlags(viewer: Viewer | null) {
  return { isAdmin: viewer?.role === "admin", isOwner: viewer?.role === "owner", isGuest: viewer?.role === "guest" };
}

/**
 * With REQUIRE_2FA_FOR_ADMINS on, an administrator who has not set up two-factor sign-in may not
 * use the dashboard (nor upload) until they have. Owners and guests are not affected.
 */
export function mustSetUpTwoFactor(
  viewer: Pick<Viewer, "role" | "twoFactorEnabled"> | null,
  settings: Pick<AppSettings, "requireTwoFactorForAdmins">,
): boolean {
  return Boolean(viewer && viewer.role === "admin" && settings.requireTwoFactorForAdmins && !viewer.twoFactorEnabled);
}

/** The upload route's rule: the dashboard's users, less an admin who must set up two-factor first. */
export function canUpload(
  viewer: Pick<Viewer, "role" | "twoFactorEnabled"> | null,
  settings: Pick<AppSettings, "requireTwoFactorForAdmins">,
): boolean {
  return can(viewer, "dashboard:enter") && !mustSetUpTwoFactor(viewer, settings);
}

function languageOf(request: Request) {
  return detectLanguage(new URL(request.url).pathname);
}

/** A signed-in user, or a redirect to the login page. */
export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect(localizePath("/login", languageOf(request)));
  return viewer;
}

/**
 * The dashboard is for admins and owners. Opening a page: visitors go to /login, guests home with
 * the spec's message. A write (POST) from a guest is refused with 403 and changes nothing.
 * An admin who must set up two-factor sign-in first is sent to the account page's set-up (a
 * write is refused with 403).
 */
export async function requireDashboard(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const viewer = requireViewer(request, context);
  const { settings } = context.get(servicesContext);
  if (mustSetUpTwoFactor(viewer, settings)) {
    if (request.method !== "GET" && request.method !== "HEAD") throw data({ accessDenied: true }, { status: 403 });
    const { toasts } = context.get(servicesContext);
    throw await redirectWithToast(toasts, `${localizePath("/account", languageOf(request))}#two-factor`, {
      type: "error",
      message: "toast.twoFactorRequired",
    });
  }
  if (!can(viewer, "dashboard:enter")) {
    if (request.method !== "GET" && request.method !== "HEAD") throw data({ accessDenied: true }, { status: 403 });
    const { toasts } = context.get(servicesContext);
    throw await redirectWithToast(toasts, homePath(languageOf(request)), {
      type: "error",
      message: "toast.guestNoDashboard",
    });
  }
  return viewer;
}

/** For admin-only actions: a 403 the page shows as "Access denied", never a silent no-op. */
export async function requirePermission(request: Request, context: Readonly<RouterContextProvider>, action: Action): Promise<Viewer> {
  const viewer = await requireDashboard(request, context);
  if (!can(viewer, action)) throw data({ accessDenied: true }, { status: 403 });
  return viewer;
}

/**
 * The spec's has_restaurant_access: an admin, or an owner with a restaurant_owners row for this
 * restaurant. (A guest keeps no access even if a link remains from when they were an owner.)
 */
export async function hasRestaurantAccess(db: Db, viewer: Viewer | null, restaurantId: string): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  if (viewer.role !== "owner" || !isUuid(restaurantId)) return false;
  const [row] = await db
    .select({ id: restaurantOwners.id })
    .from(restaurantOwners)
    .where(and(eq(restaurantOwners.restaurant_id, restaurantId), eq(restaurantOwners.user_id, viewer.id)))
    .limit(1);
  return Boolean(row);
}

/** For writes to one restaurant: 403 unless the viewer may edit it. */
export async function requireRestaurantAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
  restaurantId: string,
): Promise<Viewer> {
  const viewer = await requireDashboard(request, context);
  if (!(await hasRestaurantAccess(context.get(servicesContext).db, viewer, restaurantId))) {
    throw data({ accessDenied: true }, { status: 403 });
  }
  return viewer;
}
