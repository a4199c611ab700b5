// Who may do what: the rules themselves, pure and browser-safe (the header and pages ask the same
// question as the server). The server's guards (redirects, 403s, database look-ups) live in
// permissions.server.ts and domain functions that write call `can` themselves; hiding a button is UX.
import type { Role } from "../../database/schema/people";

/**
 * Scripts and the server's own jobs (create-admin, tests' set-up) act as "system": allowed
 * everything, recorded without a user. No signed-in viewer can have this role (the database's role
 * column holds only admin, owner and guest); the SYSTEM actor itself is exported from
 * permissions.server.ts, so only server code can use it.
 */
export type ActorRole = Role | "system";

export interface Subject {
  id?: string;
  role: ActorRole;
}

/** A restaurant as far as permissions care: who is linked to it as an owner. */
export interface RestaurantResource {
  ownerIds: readonly string[];
}

/** What each action is asked about; `undefined` means the action is about no one resource. */
interface Resources {
  "dashboard:enter": undefined;
  "restaurant:create": undefined;
  /** With a restaurant: may edit this one. Without: may edit every restaurant. */
  "restaurant:edit": RestaurantResource | undefined;
  "restaurant:delete": undefined;
  "owners:manage": undefined;
  "verification:set": undefined;
  "users:manage": undefined;
  "blog:manage": undefined;
  /** With a restaurant: may read the problem reports on this one. Without: on every restaurant. */
  "reports:view": RestaurantResource | undefined;
  /** Resolve or dismiss a report (admins). */
  "reports:manage": undefined;
  /** Import an export (`npm run import`): restaurants, posts, owner links and files, all at once (admins and the system). */
  "data:import": undefined;
  /** Approve, merge or reject the public's suggested restaurants (admins). */
  "suggestions:manage": undefined;
  /** Ask to be linked to a listing without owners ("Is this your restaurant?"): any signed-in account. */
  "claim:send": undefined;
  /** Keep one's own saved places in one's account: any signed-in account, its own list only. */
  "saved:keep": undefined;
  /** Approve or reject claims (admins). */
  "claims:manage": undefined;
  /** The list of certificates expiring and expired, with "renewed until …" on any listing (admins). */
  "certificates:review": undefined;
  /** Import the Rabbinate's register, review and apply it; settle listings whose kashrut inputs disagreed (admins). */
  "register:manage": undefined;
  /** Review a restaurant (one review per account and place): any signed-in account but its linked owners. */
  "review:write": RestaurantResource;
  /** Report a review: any signed-in account (an owner too, of their own place's reviews). */
  "review:report": undefined;
  /** Reply publicly, once per review, in the restaurant's name: its linked owners only (not admins). */
  "review:reply": RestaurantResource;
  /** The moderation queue: approve, reject, the watched words (admins). */
  "reviews:moderate": undefined;
}

export type Action = keyof Resources;

/** The resource argument `can` takes for an action: none, optional, or required. */
export type ResourceArgs<A extends Action> = undefined extends Resources[A]
  ? Exclude<Resources[A], undefined> extends never
    ? []
    : [resource?: Exclude<Resources[A], undefined>]
  : [resource: Resources[A]];

const ADMIN_ONLY: ReadonlySet<Action> = new Set([
  "restaurant:delete",
  "owners:manage",
  "verification:set",
  "users:manage",
  "blog:manage",
  "reports:manage",
  "data:import",
  "suggestions:manage",
  "claims:manage",
  "certificates:review",
  "register:manage",
  "reviews:moderate",
]);

/** Actions any signed-in account may take, whatever its role (guests included). */
const ANY_ACCOUNT: ReadonlySet<Action> = new Set(["claim:send", "saved:keep", "review:report", "review:write"]);

/** Actions an owner may take only on a restaurant they are linked to (never on "every restaurant"). */
const OWNED_ONLY: ReadonlySet<Action> = new Set(["restaurant:edit", "reports:view", "review:reply"]);

/**
 * The one rule book. Admins (and the system) may do everything but reply to a review in a
 * restaurant's name; owners may enter the dashboard, add restaurants, edit those they are linked to,
 * read their problem reports and reply to their reviews; any signed-in account may claim a listing,
 * review a place it is not linked to and report a review; guests nothing else, visitors nothing.
 */
export function can<A extends Action>(
  viewer: Subject | null | undefined,
  action: A,
  ...[resource]: ResourceArgs<A>
): boolean {
  if (!viewer) return false;
  // A reply speaks in the restaurant's name: its linked owners' only (OWNED_ONLY), never an admin's.
  if (isAdministrator(viewer) || viewer.role === "system") return action !== "review:reply";
  const linked =
    viewer.id !== undefined && !!(resource as RestaurantResource | undefined)?.ownerIds.includes(viewer.id);
  // Any account may review a place, but not the people linked to it (a guest's leftover link included).
  if (ANY_ACCOUNT.has(action)) return viewer.id !== undefined && !(action === "review:write" && linked);
  if (viewer.role !== "owner" || ADMIN_ONLY.has(action)) return false;
  // An owner acts only on a restaurant they are linked to; "every restaurant" is not theirs.
  return !OWNED_ONLY.has(action) || linked;
}

/**
 * An administrator's role: may do everything, and the site always keeps one (the last may not be
 * demoted: setUserRole). The one place a role is compared with "admin".
 */
export function isAdministrator(subject: Pick<Subject, "role"> | null | undefined): boolean {
  return subject?.role === "admin";
}

/** The roles whose accounts may be linked to a restaurant as its owners: what `mayBeLinkedAsOwner` asks, for a query. */
export const OWNER_LINK_ROLES: readonly Role[] = ["owner"];

/**
 * Only owner accounts are linked to a restaurant (the dashboard's owner list, an import's owners, an
 * owner adding a restaurant). An existing link is kept whatever the role becomes; `can` then decides
 * what it is worth (a guest's link gives nothing).
 */
export function mayBeLinkedAsOwner(user: { role: ActorRole | null } | null | undefined): boolean {
  return user?.role != null && (OWNER_LINK_ROLES as readonly ActorRole[]).includes(user.role);
}

interface TwoFactorSettings {
  requireTwoFactorForAdmins: boolean;
}

/** With REQUIRE_2FA_FOR_ADMINS on, an administrator must keep two-factor sign-in (cannot turn it off). */
export function mustKeepTwoFactor(viewer: Pick<Subject, "role"> | null, settings: TwoFactorSettings): boolean {
  return isAdministrator(viewer) && settings.requireTwoFactorForAdmins;
}

/**
 * With REQUIRE_2FA_FOR_ADMINS on, an administrator who has not set up two-factor sign-in may not
 * use the dashboard (nor upload) until they have. Owners and guests are not affected.
 */
export function mustSetUpTwoFactor(
  viewer: (Pick<Subject, "role"> & { twoFactorEnabled: boolean }) | null,
  settings: TwoFactorSettings,
): boolean {
  return mustKeepTwoFactor(viewer, settings) && !viewer?.twoFactorEnabled;
}

/** The upload route's rule: the dashboard's users, less an admin who must set up two-factor first. */
export function canUpload(
  viewer: (Pick<Subject, "role"> & { twoFactorEnabled: boolean }) | null,
  settings: TwoFactorSettings,
): boolean {
  return can(viewer, "dashboard:enter") && !mustSetUpTwoFactor(viewer, settings);
}
