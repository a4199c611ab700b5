// Form rules as zod schemas, and the one way their failures become message keys:
// every rule names its message key (a check without one fails form-rules tests), and a value of
// the wrong type — which only a crafted request sends — gets the generic "form.invalidValue".
import { z } from "zod";
import type { MessageKey } from "../locales/en";

/** True for text PostgreSQL can store: no NUL character. */
export function isStorable(value: string): boolean {
  return !value.includes("\u0000");
}

/** True for one line of text: no CR, LF or Unicode line or paragraph separator. */
export function isOneLine(value: string): boolean {
  return !/[\r\n\u0085\u2028\u2029]/.test(value);
}

/** Control characters other than tab and line breaks: never in text a person typed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True for text without control characters (a bell or an escape is never typed; tab and line breaks are). */
export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL.test(value);
}

/**
 * Reads a form's text fields as sent: a field left out, or a file where text belongs, reads as "".
 * Every action and form parser reads its fields through this, then checks them with its schema.
 */
export function formText(form: { get(name: string): unknown }): (name: string) => string {
  return (name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
}

/** Text that can be stored (a NUL is refused with a message, not a 500). For text with paragraphs. */
export const storableText = () => z.string().refine(isStorable, "error.invalidCharacters" satisfies MessageKey);

/**
 * One line of text: names, titles, addresses, phone numbers, links. A line break there can only
 * come from a crafted request (an input field has none), and would split an e-mail header, a CSV
 * row or a log line.
 */
export const oneLineText = () => storableText().refine(isOneLine, "error.lineBreak" satisfies MessageKey);

/**
 * Text with paragraphs as a person types it — a note, a reason: line breaks as "\n", trimmed, at
 * most `max` characters (`tooLong`), no control characters; with `required`, an empty one is refused
 * with that message.
 */
export function paragraphText(max: number, tooLong: MessageKey, required?: MessageKey) {
  const text = required ? z.string().min(1, { error: required }) : z.string();
  return storableText()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      text
        .max(max, { error: tooLong })
        .refine(hasNoControlCharacters, { error: "error.invalidCharacters" satisfies MessageKey }),
    );
}

/** The message for a value of the wrong type (a number where text belongs, a field left out). */
export const INVALID_VALUE = "form.invalidValue" satisfies MessageKey;

/** Parse options that give a message key to whatever a schema's own rules do not name. */
export const FORM_PARSE = { error: () => INVALID_VALUE } as const;

/** The first message per top-level field. */
export function fieldMessages<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
): Partial<Record<Field, MessageKey>> {
  const errors: Partial<Record<Field, MessageKey>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message as MessageKey;
  }
  return errors;
}

export interface Rule {
  /** Where the rule is, e.g. "menuImages[].url". */
  path: string;
  /** The kind of rule: a zod check ("max_length", "custom"…) or "union". */
  kind: string;
  /** The message key the rule carries, if any. */
  message: string | undefined;
}

interface Def {
  type: string;
  error?: (issue: object) => unknown;
  checks?: { _zod: { def: Def & { check: string } } }[];
  shape?: Record<string, Node>;
  element?: Node;
  options?: Node[];
  innerType?: Node;
  in?: Node;
  out?: Node;
}
interface Node {
  _zod: { def: Def };
}

function messageOf(def: Def): string | undefined {
  const message = def.error?.({});
  return typeof message === "string" ? message : undefined;
}

/**
 * Every rule a schema applies, with the message key it carries: each check (length, pattern,
 * refinement…) and each union (whose failure is "none of these", not any one option's message).
 * Trimming is a transformation, not a rule.
 */
export function rulesOf(schema: z.ZodType, path = ""): Rule[] {
  const def = (schema as unknown as Node)._zod.def;
  const rules: Rule[] = [];
  for (const check of def.checks ?? []) {
    const checkDef = check._zod.def;
    if (checkDef.check !== "overwrite") rules.push({ path, kind: checkDef.check, message: messageOf(checkDef) });
  }
  if (def.type === "union") rules.push({ path, kind: "union", message: messageOf(def) });
  const children: [string, Node | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([key, child]): [string, Node] => [path ? `${path}.${key}` : key, child]),
    [`${path}[]`, def.element],
    ...(def.options ?? []).map((option): [string, Node] => [path, option]),
    [path, def.innerType],
    [path, def.in],
    [path, def.out],
  ];
  for (const [childPath, child] of children)
    if (child) rules.push(...rulesOf(child as unknown as z.ZodType, childPath));
  return rules;
}
