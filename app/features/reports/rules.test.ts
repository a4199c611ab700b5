// Every rule of the report form says what is wrong in both languages, and what passes is cleaned.
import { describe, expect, it } from "vitest";
import { rulesOf } from "../../lib/form-rules";
import { en } from "../../locales/en";
import { he } from "../../locales/he";
import { parseReport, reportSchema } from "./rules";

const form = (values: Record<string, unknown>) => ({ get: (name: string) => values[name] });

function expectShown(message: string | undefined, label: string) {
  expect(message, label).toBeDefined();
  expect((en as Record<string, string>)[message!]?.trim(), `${label} in en`).toBeTruthy();
  expect((he as Record<string, string>)[message!]?.trim(), `${label} in he`).toBeTruthy();
}

describe("report form rules", () => {
  it("every rule carries a message key with text in English and Hebrew", () => {
    const rules = rulesOf(reportSchema);
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) expectShown(rule.message, `${rule.path} (${rule.kind})`);
  });

  it.each([
    ["no reason", { note: "x" }, "reason"],
    ["a reason not in the list", { reason: "__proto__" }, "reason"],
    ["a reason that is not text", { reason: 3 }, "reason"],
    ["a note over 1,000 characters", { reason: "other", note: "é".repeat(1_001) }, "note"],
    ["a note with a control character", { reason: "other", note: "bell\u0007" }, "note"],
    ["an e-mail that is not one", { reason: "other", email: "a@" }, "email"],
    ["an e-mail far too long", { reason: "other", email: `${"a".repeat(250)}@example.com` }, "email"],
  ])("%s: the field's message is shown in both languages", (_label, values, field) => {
    const result = parseReport(form(values));
    expect(result.ok).toBe(false);
    expectShown(result.ok ? undefined : result.errors[field as "reason"], field);
  });

  it("trims, keeps line breaks (one kind), and treats a field left out as empty", () => {
    expect(
      parseReport(form({ reason: "hours", note: "  Opens 9:00\r\nnot 8:00 \r ", email: " a@example.com " })),
    ).toEqual({
      ok: true,
      values: { reason: "hours", note: "Opens 9:00\nnot 8:00", email: "a@example.com" },
    });
    expect(parseReport(form({ reason: "closed" }))).toEqual({
      ok: true,
      values: { reason: "closed", note: "", email: "" },
    });
  });
});
