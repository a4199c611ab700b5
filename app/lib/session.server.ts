// Who is asking: read once per request by the root middleware and kept in the router context.
import { eq } from "drizzle-orm";
import { createContext, type MiddlewareFunction } from "react-router";
import { profiles, userRoles, type Role } from "../../database/schema/people";
import { servicesContext, type AppServices } from "./context";

export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  sessionId: string;
  /** Signs in with a code from an authenticator app after the password. */
  twoFactorEnabled: boolean;
}

export const viewerContext = createContext<Viewer | null>(null);

export async function loadViewer(request: Request, services: AppServices): Promise<Viewer | null> {
  // No session cookie: nothing to look up.
  if (!/better-auth\.session_token=/.test(request.headers.get("cookie") ?? "")) return null;
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const [row] = await services.db
    .select({
      role: userRoles.role,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phoneNumber,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  return {
    id: session.user.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    firstName: row?.firstName || session.user.name,
    lastName: row?.lastName ?? "",
    phone: row?.phone ?? "",
    role: row?.role ?? "guest",
    sessionId: session.session.id,
    twoFactorEnabled: session.user.twoFactorEnabled === true,
  };
}

export const viewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(viewerContext, await loadViewer(request, context.get(servicesContext)));
  return next();
};
