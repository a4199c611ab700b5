// Every account form rule says what is wrong in both languages.
import { describe, expect, it } from "vitest";
import { en } from "../../locales/en";
import { he } from "../../locales/he";
import {
  checkNewPassword,
  checkProfileText,
  NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  validateLogin,
  validateSignup,
  type FieldError,
} from "./validation";

const signup = {
  firstName: "Dana",
  lastName: "Levi",
  email: "dana@example.com",
  phone: "03-1234567",
  password: "secret-pass",
  confirmPassword: "secret-pass",
};

function expectShown(failure: FieldError | null, label: string) {
  expect(failure, label).not.toBeNull();
  expect(en[failure!.message]?.trim(), `${label}: "${failure!.message}" in en.ts`).toBeTruthy();
  expect(he[failure!.message]?.trim(), `${label}: "${failure!.message}" in he.ts`).toBeTruthy();
}

describe("account form messages", () => {
  const long = "p".repeat(PASSWORD_MAX + 1);
  const cases: [string, FieldError | null][] = [
    ["sign-up: no first name", validateSignup({ ...signup, firstName: "" })],
    ["sign-up: no last name", validateSignup({ ...signup, lastName: "" })],
    ["sign-up: no phone", validateSignup({ ...signup, phone: "" })],
    ["sign-up: passwords differ", validateSignup({ ...signup, confirmPassword: "other-pass" })],
    ["sign-up: password too short", validateSignup({ ...signup, password: "abc", confirmPassword: "abc" })],
    ["sign-up: no e-mail", validateSignup({ ...signup, email: "" })],
    ["sign-up: e-mail malformed", validateSignup({ ...signup, email: "dana" })],
    ["sign-up: password too long", validateSignup({ ...signup, password: long, confirmPassword: long })],
    ["sign-up: name too long", validateSignup({ ...signup, firstName: "n".repeat(NAME_MAX + 1) })],
    ["sign-up: last name too long", validateSignup({ ...signup, lastName: "n".repeat(NAME_MAX + 1) })],
    ["sign-up: phone too long", validateSignup({ ...signup, phone: "1".repeat(PHONE_MAX + 1) })],
    ["sign-up: NUL in a name", validateSignup({ ...signup, firstName: "a\u0000" })],
    ["profile: NUL in the phone", checkProfileText({ ...signup, phone: "1\u0000" })],
    ["new password: differ", checkNewPassword("secret-pass", "secret-past")],
    ["new password: too short", checkNewPassword("abc", "abc")],
    ["new password: too long", checkNewPassword(long, long)],
    ["login: nothing typed", validateLogin("", "")],
    ["login: no password", validateLogin("dana@example.com", "")],
    ["login: e-mail malformed", validateLogin("dana", "secret")],
    ["login: password too long", validateLogin("dana@example.com", long)],
  ];
  it.each(cases)("%s", (label, failure) => expectShown(failure, label));
});
