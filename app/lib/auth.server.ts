// Accounts and sessions through better-auth, stored in our own tables.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { accounts, profiles, sessions, userRoles, users, verifications } from "../../database/schema/index";
import type { Db } from "../../database/types";

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  secureCookies: boolean;
  /** Origins allowed to call the auth endpoints besides baseURL (e.g. 127.0.0.1 for localhost). */
  trustedOrigins?: string[];
}

export function createAuth({ db, secret, baseURL, secureCookies, trustedOrigins = [] }: AuthOptions) {
  return betterAuth({
    appName: "Kosher Tel Aviv",
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins: [baseURL, ...trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
    },
    advanced: {
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Every new account is a guest with a profile row; an admin grants more.
          after: async (user) => {
            await db.insert(userRoles).values({ userId: user.id, role: "guest" }).onConflictDoNothing();
            await db
              .insert(profiles)
              .values({ id: user.id, email: user.email, firstName: user.name })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
