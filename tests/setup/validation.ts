// Every rule of a form schema must say what went wrong in both languages: this feeds each field
// values that break its rules and lists every issue whose message is not a catalogue key with a
// non-empty English and Hebrew text (a rule without a key shows the user an empty message).
import type { z } from "zod";
import { en } from "../../app/locales/en";
import { he } from "../../app/locales/he";

const LONG = "x".repeat(100_001);

/** Values that break some rule of almost any field: wrong types, empty, too long, hostile. */
export const BAD_VALUES: readonly unknown[] = [
  undefined,
  null,
  42,
  true,
  {},
  [],
  [42],
  ["not-a-tag"],
  Array.from({ length: 60 }, () => "x"),
  "",
  " ",
  "a\u0000b",
  LONG,
  `https://example.com/${LONG}`,
  `/uploads/photo/${"a".repeat(3000)}.webp`,
  "javascript:alert(1)",
  "not a url",
  "/uploads/../etc/passwd",
];

export function unkeyedMessages(schema: z.ZodType, valid: Record<string, unknown>, extra: Record<string, readonly unknown[]> = {}): string[] {
  const problems = new Set<string>();
  for (const field of Object.keys(valid)) {
    for (const bad of [...BAD_VALUES, ...(extra[field] ?? [])]) {
      const result = schema.safeParse({ ...valid, [field]: bad });
      if (result.success) continue;
      for (const issue of result.error.issues) {
        const key = issue.message;
        const texts: Record<string, string>[] = [en, he];
        const keyed = texts.every((catalogue) => Object.hasOwn(catalogue, key) && catalogue[key]!.trim() !== "");
        if (!keyed) problems.add(`${issue.path.join(".")} (${issue.code}): ${JSON.stringify(key)}`);
      }
    }
  }
  return [...problems];
}
