// Account operations: our validation and rate limits first, then better-auth on the server.
import { and, asc, eq, gt } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { profiles } from "../../../database/schema/people";
import { sessions, users } from "../../../database/schema/auth";
import type { AppServices } from "../../lib/context";
import { forgotPasswordPath } from "../../lib/paths";
import type { Viewer } from "../../lib/session.server";
import { AppError, type AppErrorCode } from "../../lib/errors";
import type { MessageKey } from "../../locales/en";
import { checkPasswordStrength } from "./password-strength.server";
import { failedSignInsEmail } from "../../lib/emails";
import {
  beginPasswordAttempt,
  claimResetMail,
  hitRateLimits,
  LIMITS,
  passwordFailed,
  passwordSucceeded,
  type PasswordAttempt,
  type PasswordTicket,
} from "./rate-limit.server";
import {
  checkNewPassword,
  checkProfileText,
  isEmail,
  signupErrors,
  validateLogin,
  type FieldError,
  type SignupValues,
} from "./validation";

type AuthCode = { code: AppErrorCode; message: MessageKey; field?: string };

/** better-auth's refusals in our words: the code decides the status, as for any AppError. */
const CODE_MESSAGES: Record<string, AuthCode> = {
  INVALID_EMAIL_OR_PASSWORD: { message: "error.invalidCredentials", code: "unauthorized" },
  USER_ALREADY_EXISTS: { message: "error.userExists", code: "conflict", field: "email" },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { message: "error.userExists", code: "conflict", field: "email" },
  INVALID_EMAIL: { message: "error.invalidEmail", code: "invalid", field: "email" },
  PASSWORD_TOO_SHORT: { message: "error.passwordTooShort", code: "invalid", field: "password" },
  PASSWORD_TOO_LONG: { message: "error.passwordTooLong", code: "invalid", field: "password" },
  INVALID_TOKEN: { message: "reset.invalidToken", code: "invalid" },
  TOKEN_EXPIRED: { message: "reset.invalidToken", code: "invalid" },
  INVALID_PASSWORD: { message: "account.wrongPassword", code: "invalid", field: "currentPassword" },
  // better-auth's two-factor plugin.
  INVALID_CODE: { message: "twoFactor.invalidCode", code: "unauthorized", field: "code" },
  INVALID_BACKUP_CODE: { message: "twoFactor.invalidBackupCode", code: "unauthorized", field: "code" },
  INVALID_TWO_FACTOR_COOKIE: { message: "twoFactor.expired", code: "unauthorized" },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { message: "twoFactor.tooManyAttempts", code: "rateLimited" },
  ACCOUNT_TEMPORARILY_LOCKED: { message: "twoFactor.locked", code: "rateLimited" },
  TOTP_NOT_ENABLED: { message: "twoFactor.notEnabled", code: "invalid" },
  TWO_FACTOR_NOT_ENABLED: { message: "twoFactor.notEnabled", code: "invalid" },
  BACKUP_CODES_NOT_ENABLED: { message: "twoFactor.notEnabled", code: "invalid" },
  TOTP_ALREADY_ENABLED: { message: "twoFactor.alreadyEnabled", code: "conflict" },
};

interface ApiError {
  statusCode: number;
  body?: { code?: string; message?: string };
}

/**
 * better-auth's answer to a refused request: its APIError, or better-call's ValidationError for
 * a body it will not accept — same name and shape, but a class that is not `APIError`.
 */
export function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof APIError) return error as ApiError;
  if (
    error instanceof Error &&
    error.name === "APIError" &&
    typeof (error as { statusCode?: unknown }).statusCode === "number"
  ) {
    return error as unknown as ApiError;
  }
  return null;
}

/** A failure that names one form field: the field is marked, the message shown above the form. */
export function fieldError(
  code: AppErrorCode,
  field: string,
  message: MessageKey,
  options: { reasons?: MessageKey[] } = {},
): AppError {
  return new AppError(code, message, { fieldErrors: { [field]: message }, ...options });
}

/**
 * better-auth's refusals become AppErrors in our words; anything else (a bug, an outage) is
 * returned as it is, for the action's error handling to log or answer 503.
 */
export function authError(error: unknown): unknown {
  const apiError = apiErrorOf(error);
  if (!apiError) return error;
  const code = apiError.body?.code ?? "";
  const known = CODE_MESSAGES[code];
  if (known)
    return known.field ? fieldError(known.code, known.field, known.message) : new AppError(known.code, known.message);
  // better-auth's own checks of the request body (its e-mail rule is stricter than ours).
  if (code === "VALIDATION_ERROR") {
    return (apiError.body?.message ?? "").includes("email")
      ? fieldError("invalid", "email", "error.invalidEmail")
      : new AppError("invalid", "form.invalid");
  }
  return error;
}

/** A rule of the form broke: its field and message. */
function refuse(invalid: FieldError | null): void {
  if (invalid) throw fieldError("invalid", invalid.field, invalid.message);
}

function checkStrength(password: string, personal: string[], field = "password"): void {
  const strength = checkPasswordStrength(password, personal);
  if (!strength.ok) throw fieldError("invalid", field, "error.weakPassword", { reasons: strength.reasons });
}

/** Account functions throw an AppError when refused (ADR 010); success returns what the page needs. */
/**
 * `returnTo`, a path of this site (already cleaned), is where the verification e-mail's link
 * leads on after the address is verified; its language is the link's.
 */
export async function signUp(services: AppServices, values: SignupValues, returnTo?: string): Promise<void> {
  // Every field in error at once (the form shows each beside its field); the first rule's message is the form's.
  const [first, ...more] = signupErrors(values);
  if (first) {
    throw new AppError("invalid", first.message, {
      fieldErrors: Object.fromEntries([first, ...more].map((one) => [one.field, one.message])),
    });
  }
  try {
    await hitRateLimits(services.db, [{ key: `signup:ip:${services.clientIp}`, limit: LIMITS.signUpPerIp }]);
    checkStrength(values.password, [values.firstName, values.lastName, values.email]);
    const { user } = await services.auth.api.signUpEmail({
      body: {
        email: values.email,
        password: values.password,
        name: values.firstName,
        ...(returnTo ? { callbackURL: returnTo } : {}),
      },
    });
    await services.db
      .update(profiles)
      .set({ firstName: values.firstName, lastName: values.lastName, phoneNumber: values.phone, updatedAt: new Date() })
      .where(eq(profiles.id, user.id));
  } catch (error) {
    throw authError(error);
  }
}

/**
 * A correct password either signs in (a session cookie), or, for an account with two-factor
 * authentication, opens the second step (better-auth's short-lived two_factor cookie, no session).
 */
export type SignedIn =
  { headers: Headers; twoFactorRequired: false; userId: string } | { headers: Headers; twoFactorRequired: true };

export async function signIn(
  services: AppServices,
  request: Request,
  email: string,
  password: string,
): Promise<SignedIn> {
  refuse(validateLogin(email, password));
  try {
    // A right password is not a failure, whatever the second step then asks.
    const { headers, response } = await withPasswordCheck(services, email, "INVALID_EMAIL_OR_PASSWORD", () =>
      services.auth.api.signInEmail({
        body: { email, password, rememberMe: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      return { headers: cookiesOnly(headers), twoFactorRequired: true };
    }
    return { headers: cookiesOnly(headers), twoFactorRequired: false, userId: response.user.id };
  } catch (error) {
    throw authError(error);
  }
}

/**
 * Runs a better-auth call that checks an account's password under the sign-in limits (ADR 005):
 * the attempt is counted (or refused) before the password is checked; an answer with `wrongCode`
 * counts as a wrong password, a right password clears its address's failures. Every place that
 * checks a password — sign-in, the account page, two-factor settings — goes through here.
 */
export async function withPasswordCheck<T>(
  services: AppServices,
  account: string,
  wrongCode: string,
  check: () => Promise<T>,
): Promise<T> {
  const attempt: PasswordAttempt = { account, ip: services.clientIp };
  const ticket = await beginPasswordAttempt(services.db, attempt);
  const result = await check().catch(async (error: unknown) => {
    if (apiErrorOf(error)?.body?.code === wrongCode) await onWrongPassword(services, attempt, ticket);
    throw error;
  });
  await passwordSucceeded(services.db, attempt, ticket);
  return result;
}

/** A wrong password was counted; the owner hears about it once it starts slowing the account down. */
async function onWrongPassword(services: AppServices, attempt: PasswordAttempt, ticket: PasswordTicket) {
  const { alert } = await passwordFailed(services.db, attempt, ticket);
  if (!alert) return;
  const [user] = await services.db.select({ email: users.email }).from(users).where(eq(users.email, attempt.account));
  if (!user) return;
  // Not awaited: the answer does not wait for the mail server.
  services
    .sendEmail(user.email, failedSignInsEmail(`${services.settings.publicUrl}${forgotPasswordPath("en")}`))
    .catch((error: unknown) => {
      console.error("[accounts] could not send the failed sign-ins e-mail:", error);
    });
}

export async function signOut(services: AppServices, request: Request): Promise<{ headers: Headers }> {
  try {
    const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { headers: cookiesOnly(headers) };
  } catch (error) {
    throw authError(error);
  }
}

/** Always answers the same whether or not the e-mail has an account (no account discovery). */
export async function requestPasswordReset(services: AppServices, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  // Only a well-formed address can have an account; anything else is counted per IP and answered
  // the same way, without reaching better-auth (which refuses it) or becoming a rate-limit key.
  const wellFormed = isEmail(address);
  try {
    // What this address sends is its own to spend; the account's mails are capped without ever
    // locking its owner out (claimResetMail), since anyone may ask for anyone's reset.
    await hitRateLimits(services.db, [
      { key: `reset:ip:${services.clientIp}`, limit: LIMITS.resetPerIp },
      ...(wellFormed
        ? [{ key: `reset:account-ip:${address}|${services.clientIp}`, limit: LIMITS.resetPerAccountAndIp }]
        : []),
    ]);
    if (!wellFormed) return;
    await claimResetMail(services.db, address);
    await services.auth.api.requestPasswordReset({ body: { email: address } });
  } catch (error) {
    // An address better-auth refuses cannot have an account: answered like any other.
    if (apiErrorOf(error)?.statusCode === 400) return;
    throw authError(error);
  }
}

const RESET_TOKEN = /^[A-Za-z0-9_-]{1,255}$/;

export async function resetPassword(
  services: AppServices,
  token: string,
  password: string,
  confirm: string,
): Promise<void> {
  refuse(checkNewPassword(password, confirm));
  checkStrength(password, []);
  // Our reset links carry better-auth's token (letters and digits); anything else cannot be one.
  if (!RESET_TOKEN.test(token)) throw new AppError("invalid", "reset.invalidToken");
  try {
    await services.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    throw authError(error);
  }
}

export async function changePassword(
  services: AppServices,
  request: Request,
  viewer: Viewer,
  current: string,
  password: string,
  confirm: string,
): Promise<{ headers: Headers }> {
  refuse(checkNewPassword(password, confirm));
  checkStrength(password, [viewer.firstName, viewer.lastName, viewer.email]);
  try {
    // The current password is guessed no more easily here than on the login page (same limits).
    // Every other session ends (a thief's too); this device gets a new one (ASVS V7).
    const { headers } = await withPasswordCheck(services, viewer.email.toLowerCase(), "INVALID_PASSWORD", () =>
      services.auth.api.changePassword({
        body: { currentPassword: current, newPassword: password, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    return { headers: cookiesOnly(headers) };
  } catch (error) {
    throw authError(error);
  }
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
}

export async function updateProfile(services: AppServices, viewer: Viewer, values: ProfileValues): Promise<void> {
  if (values.firstName === "") throw fieldError("invalid", "firstName", "error.firstNameRequired");
  if (values.lastName === "") throw fieldError("invalid", "lastName", "error.lastNameRequired");
  if (values.phone === "") throw fieldError("invalid", "phone", "error.phoneRequired");
  refuse(checkProfileText(values));
  await services.db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ firstName: values.firstName, lastName: values.lastName, phoneNumber: values.phone, updatedAt: new Date() })
      .where(eq(profiles.id, viewer.id));
    await tx.update(users).set({ name: values.firstName, updatedAt: new Date() }).where(eq(users.id, viewer.id));
  });
}

/**
 * The viewer's live sessions, read by user rather than through the request's cookie: after a
 * password change without JavaScript the page is rendered in the same request, whose cookie
 * names a session that has just ended.
 */
export async function listSessions(services: AppServices, viewer: Viewer) {
  return services.db
    .select({ id: sessions.id, createdAt: sessions.createdAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, viewer.id), gt(sessions.expiresAt, new Date())))
    .orderBy(asc(sessions.createdAt));
}

export async function signOutOtherSessions(services: AppServices, request: Request): Promise<void> {
  try {
    await services.auth.api.revokeOtherSessions({ headers: request.headers });
  } catch (error) {
    throw authError(error);
  }
}

export async function resendVerification(services: AppServices, viewer: Viewer): Promise<void> {
  try {
    await hitRateLimits(services.db, [{ key: `verify:account:${viewer.email}`, limit: LIMITS.verifyPerAccount }]);
    await services.auth.api.sendVerificationEmail({ body: { email: viewer.email } });
  } catch (error) {
    throw authError(error);
  }
}

export async function verifyEmail(services: AppServices, token: string): Promise<boolean> {
  if (token === "") return false;
  try {
    await services.auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    if (apiErrorOf(error)) return false;
    throw error;
  }
}

/** Only cookies travel from better-auth's answers to ours. */
export function cookiesOnly(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}
