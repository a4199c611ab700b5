// One error model for the app. A domain function throws an AppError; its code decides the
// HTTP status and its message key says what went wrong in the page's language. Routes turn it into an
// answer in one place (the helper beside this class), never with their own instanceof chains.
import type { MessageKey } from "../locales/en";

export const ERROR_STATUS = {
  invalid: 400,
  /** A credential that did not check out (wrong password, wrong or expired code). */
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** A file over its kind's size limit (uploads: upload-rules.ts). */
  tooLarge: 413,
  rateLimited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Per-field messages for a form (field name -> message key). */
  fieldErrors?: Record<string, MessageKey>;
  /** Values for the message's {placeholders}. */
  values?: Record<string, string | number>;
  /** Further messages listed under the main one (e.g. why a password is too weak). */
  reasons?: MessageKey[];
  /** What the error is about (an id, a slug), for the log only: never shown. */
  subject?: string;
  cause?: unknown;
}

export class AppError extends Error {
  override name = "AppError";
  readonly fieldErrors: Record<string, MessageKey> | undefined;
  readonly values: Record<string, string | number> | undefined;
  readonly reasons: MessageKey[] | undefined;

  constructor(
    readonly code: AppErrorCode,
    readonly messageKey: MessageKey,
    options: AppErrorOptions = {},
  ) {
    const about = options.subject === undefined ? "" : ` (${options.subject})`;
    super(`${code}: ${messageKey}${about}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.fieldErrors = options.fieldErrors;
    this.values = options.values;
    this.reasons = options.reasons;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
