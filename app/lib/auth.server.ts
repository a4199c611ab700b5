// Accounts and sessions through better-auth, stored in our own tables. Pages call it on the server
// from our actions (where validation, password strength and rate limits apply); its own HTTP
// endpoints are not exposed. E-mail links lead to our pages (/reset-password, /verify-email).
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { accounts, profiles, sessions, twoFactors, userRoles, users, verifications } from "../../database/schema/index";
import type { Db } from "../../database/types";
import { existingAccountEmail, passwordResetEmail, verificationEmail, type EmailContent } from "./emails";
import { brandName } from "./i18n/brand";
import { detectLanguage } from "./i18n/language";
import { loginPath, resetPasswordPath, safeReturnPath, verifyEmailPath } from "./paths";

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  secureCookies: boolean;
  /** Delivers an e-mail (SMTP or the development outbox). */
  sendEmail?: (to: string, content: EmailContent) => Promise<void>;
  /**
   * How passwords are hashed and checked: better-auth's scrypt when absent (the server and the
   * commands). The tests pass that same scrypt with each answer kept (tests/setup/services.ts).
   */
  password?: {
    hash: (password: string) => Promise<string>;
    verify: (input: { hash: string; password: string }) => Promise<boolean>;
  };
}

export const SESSION_DAYS = 30;
/** How long the second sign-in step stays open after a correct password. */
export const TWO_FACTOR_STEP_MINUTES = 10;
export const BACKUP_CODE_COUNT = 10;

export function createAuth({ db, secret, baseURL, secureCookies, sendEmail = async () => {}, password }: AuthOptions) {
  return betterAuth({
    appName: brandName("en"),
    secret,
    baseURL,
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications, twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Spec: after sign-up the user is sent to the login page. With auto sign-in off, better-auth
      // answers a sign-up for an existing e-mail like a new one (no account discovery); the
      // owner of that address gets an e-mail instead.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await sendEmail(user.email, existingAccountEmail(`${baseURL}${loginPath("en")}`));
      },
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      ...(password ? { password } : {}),
      sendResetPassword: async ({ user, token }) => {
        await sendEmail(user.email, passwordResetEmail(`${baseURL}${resetPasswordPath("en", token)}`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      // Sign-up passes where the person was going (a path of this site) as the callback; the link
      // opens our page in that path's language, and its "Continue" leads back there.
      sendVerificationEmail: async ({ user, token, url }) => {
        const returnTo = safeReturnPath(new URL(url).searchParams.get("callbackURL"));
        const language = returnTo ? detectLanguage(new URL(returnTo, baseURL).pathname) : "en";
        await sendEmail(user.email, verificationEmail(`${baseURL}${verifyEmailPath(language, token, returnTo)}`));
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Our own limiter (rate-limit.server.ts) covers the server-side calls this one would not.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    plugins: [
      // TOTP (RFC 6238: SHA-1, 30 s, 6 digits) with backup codes, both encrypted with the secret.
      // A correct password then only opens a short second step (a signed two_factor cookie); the
      // session is created when a code is verified. "Trust this device" is never offered.
      twoFactor({
        issuer: brandName("en"),
        twoFactorCookieMaxAge: TWO_FACTOR_STEP_MINUTES * 60,
        backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10, storeBackupCodes: "encrypted" },
      }),
    ],
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
