// The one way an action answers a failure (ADR 010). A domain function throws an AppError;
// the action catches whatever was thrown and returns `actionError(error, …)`:
//   - an AppError becomes its status and a body the page reads: { error, errors?, values?, reasons? };
//   - forbidden + "access.denied" is thrown as the 403 the dashboard pages show as "Access denied";
//   - the database being unreachable is rethrown, so it gets the 503 page and opens the circuit
//     breaker like any loader's (handleError in entry.server.tsx, app/lib/unavailable.ts);
//   - anything else is a bug: logged, answered 500 with a generic message, never with its details.
import { data } from "react-router";
import type { MessageKey } from "../locales/en";
import { AppError, isAppError, type AppErrorCode } from "./errors";
import { accessDenied } from "./permissions.server";
import { isDatabaseUnavailable } from "./unavailable";

/** What a page reads from a failed action. Keys absent when they have nothing to say. */
export interface ErrorAnswer {
  /** The message shown for the whole form. */
  error: MessageKey;
  /** Per-field messages (field name -> message key). */
  errors?: Record<string, MessageKey>;
  /** Values for the message's {placeholders}. */
  values?: Record<string, string | number>;
  /** Further messages listed under the main one. */
  reasons?: MessageKey[];
}

export interface ActionErrorOptions<Extra extends object> {
  /** Label logged with an unexpected error, e.g. "[dashboard] save failed:". */
  log: string;
  /** The page's message for an unexpected error (answered 500). Default: error.unexpected. */
  fallback?: MessageKey;
  /**
   * The page's own words for an expected failure, by code, where the domain's message is not
   * what this page says (a restaurant gone while deleting it: "manage.deleteFailed").
   */
  messages?: Partial<Record<AppErrorCode, MessageKey>>;
  /** Further data the page needs beside the error (the e-mail typed, which form failed…). */
  with?: Extra;
}

export function actionError<Extra extends object = Record<never, never>>(
  error: unknown,
  options: ActionErrorOptions<Extra>,
) {
  const extra = (options.with ?? {}) as Extra;
  if (isAppError(error)) {
    if (error.code === "forbidden" && error.messageKey === "access.denied") accessDenied();
    const answer: ErrorAnswer = { error: options.messages?.[error.code] ?? error.messageKey };
    if (error.fieldErrors) answer.errors = error.fieldErrors;
    if (error.values) answer.values = error.values;
    if (error.reasons) answer.reasons = error.reasons;
    return data({ ...extra, ...answer }, { status: error.status });
  }
  // React Router's own answers (a redirect, a thrown 4xx) and an outage go on up as they are.
  if (error instanceof Response || isRouteResponse(error) || isDatabaseUnavailable(error)) throw error;
  console.error(options.log, error);
  const answer: ErrorAnswer = { error: options.fallback ?? "error.unexpected" };
  return data({ ...extra, ...answer }, { status: 500 });
}

/**
 * A form parser's answer as the action's values, or the AppError "invalid" carrying each field's
 * message (what the page shows under each field) and the form's own message.
 */
export function parsedOrThrow<Values>(
  parsed: { ok: true; values: Values } | { ok: false; errors: Partial<Record<string, MessageKey>> },
  message: MessageKey = "form.invalid",
): Values {
  if (parsed.ok) return parsed.values;
  const fieldErrors = Object.fromEntries(
    Object.entries(parsed.errors).filter((entry): entry is [string, MessageKey] => entry[1] !== undefined),
  );
  throw new AppError("invalid", message, { fieldErrors });
}

/**
 * For loaders: an AppError met while loading a page is thrown as the answer its code says, for the
 * page's error boundary (a 404 is the "not found" page; access denied the dashboard's 403), with
 * the same body an action's answer has. Anything else goes on up as it is.
 * Use: `const post = await findBlog(db, ref).catch(loaderError);`
 */
export function loaderError(error: unknown): never {
  if (isAppError(error)) {
    if (error.code === "forbidden" && error.messageKey === "access.denied") accessDenied();
    const answer: ErrorAnswer = { error: error.messageKey };
    if (error.values) answer.values = error.values;
    throw data(answer, { status: error.status });
  }
  throw error;
}

/** A `data(…)` or `redirect(…)` thrown on purpose by a helper inside the failed call. */
function isRouteResponse(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
}
