// Every rule of the alert settings form says what is wrong in both languages (ADR 024).
import { describe, expect, it } from "vitest";
import { rulesOf } from "../../../lib/form-rules";
import { en } from "../../../locales/en";
import { he } from "../../../locales/he";
import { alertSettingsSchema, parseAlertSettings } from "./rules";

const form = (values: Record<string, unknown>) => ({ get: (name: string) => values[name] });

describe("alert settings form rules", () => {
  it("every message it gives has text in English and Hebrew (its rules are enums: rulesOf lists no checks)", () => {
    expect(rulesOf(alertSettingsSchema).every((rule) => rule.message !== undefined)).toBe(true);
    for (const key of ["alerts.languageInvalid", "form.invalidValue"]) {
      expect((en as Record<string, string>)[key]?.trim(), `${key} in en`).toBeTruthy();
      expect((he as Record<string, string>)[key]?.trim(), `${key} in he`).toBeTruthy();
    }
  });

  it("reads a ticked box as on, none as off, and the language", () => {
    expect(parseAlertSettings(form({ enabled: "on", language: "he" }))).toEqual({
      ok: true,
      values: { enabled: true, language: "he" },
    });
    expect(parseAlertSettings(form({ language: "en" }))).toEqual({
      ok: true,
      values: { enabled: false, language: "en" },
    });
  });

  it.each([
    ["no language", { enabled: "on" }, "language", "alerts.languageInvalid"],
    ["a language we do not write in", { enabled: "on", language: "fr" }, "language", "alerts.languageInvalid"],
    ["a box with another value", { enabled: "yes", language: "en" }, "enabled", "form.invalidValue"],
    ["a value that is not text", { enabled: 3, language: ["en"] }, "language", "alerts.languageInvalid"],
  ])("refuses %s", (_label, values, field, message) => {
    const parsed = parseAlertSettings(form(values));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[field as "enabled" | "language"]).toBe(message);
  });
});
