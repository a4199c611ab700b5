// The server's side of permissions: the rules are `can` in permissions.ts (browser-safe); these
// guards turn them into redirects and 403s for loaders and actions, and look up what a rule needs
// from the database (is this owner linked to this restaurant?). Domain functions that write check
// `can` themselves as well (assertCan), so no route or script can skip it.
import { and, eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { restaurantOwners } from "../../database/schema/restaurants";
import type { Db } from "../../database/types";
import { servicesContext } from "./context";
import { isUuid } from "./ids";
import { detectLanguage } from "./i18n/language";
import { AppError } from "./errors";
import { can, mustSetUpTwoFactor, type Action, type ResourceArgs, type Subject } from "./permissions";
import { accountPath, homePath, loginPath } from "./paths";
import { viewerContext, type Viewer } from "./session.server";
import { redirectWithToast } from "./toast.server";

/**
 * The actor for scripts and the server's own jobs (create-admin, tests' set-up): `can` allows it
 * everything and the change history records it without a user. Never a request's viewer.
 */
export const SYSTEM = Object.freeze({ id: "system", email: "system", role: "system" as const });

export function isSystem(actor: Pick<Subject, "role">): boolean {
  return actor.role === "system";
}

/** For domain functions: refuse (AppError "forbidden", nothing done) unless the actor may do this. */
export function assertCan<T extends Subject, A extends Action>(
  actor: T | null | undefined,
  action: A,
  ...resource: ResourceArgs<A>
): asserts actor is T {
  if (!can(actor, action, ...resource)) throw new AppError("forbidden", "access.denied");
}

/** The refusal the pages show as "Access denied" (their error boundaries, on 403); changes nothing. */
export function accessDenied(): never {
  throw data({ accessDenied: true }, { status: 403 });
}

function languageOf(request: Request) {
  return detectLanguage(new URL(request.url).pathname);
}

/** A signed-in user, or a redirect to the login page. */
export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect(loginPath(languageOf(request)));
  return viewer;
}

/**
 * With REQUIRE_2FA_FOR_ADMINS on, an admin without two-factor sign-in is sent to set it up (a write
 * is refused with 403). Every dashboard page, the blog editor included, goes through this.
 */
export async function requireTwoFactorReady(
  request: Request,
  context: Readonly<RouterContextProvider>,
  viewer: Viewer,
): Promise<void> {
  const { settings, toasts } = context.get(servicesContext);
  if (!mustSetUpTwoFactor(viewer, settings)) return;
  if (request.method !== "GET" && request.method !== "HEAD") accessDenied();
  throw await redirectWithToast(toasts, accountPath(languageOf(request), "two-factor"), {
    type: "error",
    message: "toast.twoFactorRequired",
  });
}

/**
 * The dashboard is for admins and owners. Opening a page: visitors go to /login, guests home with
 * the spec's message. A write (POST) from a guest is refused with 403 and changes nothing.
 * An admin who must set up two-factor sign-in first is sent to the account page's set-up (a
 * write is refused with 403).
 */
export async function requireDashboard(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const viewer = requireViewer(request, context);
  await requireTwoFactorReady(request, context, viewer);
  if (!can(viewer, "dashboard:enter")) {
    if (request.method !== "GET" && request.method !== "HEAD") accessDenied();
    const { toasts } = context.get(servicesContext);
    throw await redirectWithToast(toasts, homePath(languageOf(request)), {
      type: "error",
      message: "toast.guestNoDashboard",
    });
  }
  return viewer;
}

/** For admin-only actions: a 403 the page shows as "Access denied", never a silent no-op. */
export async function requirePermission(
  request: Request,
  context: Readonly<RouterContextProvider>,
  action: Action,
): Promise<Viewer> {
  const viewer = await requireDashboard(request, context);
  if (!can(viewer, action)) accessDenied();
  return viewer;
}

/**
 * The spec's has_restaurant_access: an admin, or an owner with a restaurant_owners row for this
 * restaurant. (A guest keeps no access even if a link remains from when they were an owner.)
 */
export async function hasRestaurantAccess(
  db: Db,
  viewer: (Subject & { id: string }) | null,
  restaurantId: string,
): Promise<boolean> {
  if (!viewer) return false;
  // Every restaurant (admins): no look-up. Not one (guests): none either.
  if (can(viewer, "restaurant:edit")) return true;
  if (!can(viewer, "dashboard:enter") || !isUuid(restaurantId)) return false;
  const [row] = await db
    .select({ id: restaurantOwners.id })
    .from(restaurantOwners)
    .where(and(eq(restaurantOwners.restaurant_id, restaurantId), eq(restaurantOwners.user_id, viewer.id)))
    .limit(1);
  return can(viewer, "restaurant:edit", { ownerIds: row ? [viewer.id] : [] });
}

/** For writes to one restaurant: 403 unless the viewer may edit it. */
export async function requireRestaurantAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
  restaurantId: string,
): Promise<Viewer> {
  const viewer = await requireDashboard(request, context);
  if (!(await hasRestaurantAccess(context.get(servicesContext).db, viewer, restaurantId))) {
    accessDenied();
  }
  return viewer;
}
