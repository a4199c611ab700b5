// Signing in for browser tests without the sign-in form: a user made by the factory and a session
// made by better-auth itself (its own session row and token), with the session cookie signed as
// better-auth signs it. Runs where the server's database is: the Playwright worker for a server
// started in-process, the e2e server harness (serve.ts) for the shared server.
import { createHmac } from "node:crypto";
import { inArray } from "drizzle-orm";
import { createAuth, type Auth } from "../../app/lib/auth.server";
import { createUser, type UserRole } from "../../database/factories";
import { restaurantOwners, restaurants } from "../../database/schema/restaurants";
import type { Db } from "../../database/types";
import { TEST_PASSWORDS } from "../setup/passwords";

export interface SessionRequest {
  role: UserRole;
  /** Slugs of restaurants the new user owns (owners only see and edit those). */
  owns?: string[];
}

export interface SignedInUser {
  id: string;
  email: string;
  role: UserRole;
  /** The session cookie, ready for BrowserContext.addCookies (with the server's URL). */
  cookie: { name: string; value: string };
}

/** better-auth's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded (better-call's signCookieValue). */
export function signedCookieValue(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

export interface SessionMakerOptions {
  db: Db;
  secret: string;
  baseURL: string;
  secureCookies: boolean;
}

/** Makes signed-in users on a database, with the auth settings the server uses on it. */
export function createSessionMaker({ db, secret, baseURL, secureCookies }: SessionMakerOptions) {
  const auth: Auth = createAuth({ db, secret, baseURL, secureCookies, password: TEST_PASSWORDS });
  return async function signedInUser({ role, owns = [] }: SessionRequest): Promise<SignedInUser> {
    const user = await createUser(db, auth, { role, emailVerified: true });
    if (owns.length > 0) {
      const rows = await db.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.slug, owns));
      if (rows.length !== owns.length) throw new Error(`no restaurant for some of ${owns.join(", ")}`);
      await db.insert(restaurantOwners).values(rows.map(({ id }) => ({ restaurant_id: id, user_id: user.id })));
    }
    const context = await auth.$context;
    const session = await context.internalAdapter.createSession(user.id);
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      cookie: { name: context.authCookies.sessionToken.name, value: signedCookieValue(session.token, context.secret) },
    };
  };
}

export type SessionMaker = ReturnType<typeof createSessionMaker>;
