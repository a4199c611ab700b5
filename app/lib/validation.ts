// What the form schemas share: the key for a value of the wrong shape, and how a schema's issues
// become one message key per field. Every rule names a catalogue key (tests/setup/validation.ts
// checks each schema); a message that is not a key still never reaches the page as raw text.
import type { MessageKey } from "../locales/en";

/** A value no form sends: wrong type, unknown option, malformed entry (a crafted request). */
export const INVALID = "form.invalidValue" satisfies MessageKey;

const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first message of each field (the top-level name in an issue's path). */
export function fieldErrorsOf<Field extends string>(issues: readonly Issue[]): Partial<Record<Field, MessageKey>> {
  const errors: Partial<Record<Field, MessageKey>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || errors[field as Field]) continue;
    errors[field as Field] = KEY.test(issue.message) ? (issue.message as MessageKey) : INVALID;
  }
  return errors;
}
