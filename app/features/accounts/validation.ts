// Account form rules shared by the forms and the server actions. Sign-up is checked in the spec's
// order (section 5): every field in error gets its message (its first failing rule) at once, and
// the first failing rule's message is also the form's.
import type { MessageKey } from "../../locales/en";
import { formText, isOneLine, isStorable } from "../../lib/form-rules";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** The longest e-mail address SMTP allows (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
// No whitespace, "@" or control characters (a NUL cannot even be stored) in any part.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export type SignupField = keyof SignupValues;

export interface FieldError<F extends string = string> {
  field: F;
  message: MessageKey;
}

/** One text field of a form, as formText reads it. */
export function readString(form: FormData, name: string): string {
  return formText(form)(name);
}

export function readSignup(form: FormData): SignupValues {
  return {
    firstName: readString(form, "firstName").trim(),
    lastName: readString(form, "lastName").trim(),
    email: readString(form, "email").trim().toLowerCase(),
    phone: readString(form, "phone").trim(),
    password: readString(form, "password"),
    confirmPassword: readString(form, "confirmPassword"),
  };
}

/** Length and matching rules for a new password (used by sign-up, reset and change). */
export function checkNewPassword(password: string, confirm: string): FieldError<"password" | "confirmPassword"> | null {
  if (password !== confirm) return { field: "confirmPassword", message: "error.passwordsMismatch" };
  if (password.length < PASSWORD_MIN) return { field: "password", message: "error.passwordTooShort" };
  if (password.length > PASSWORD_MAX) return { field: "password", message: "error.passwordTooLong" };
  return null;
}

/**
 * Every field in error, in the spec's order of its rules: one message a field (its first failing
 * rule), so the form can show them all beside their fields. (Strength is checked on the server.)
 */
export function signupErrors(values: SignupValues): FieldError<SignupField>[] {
  const found: FieldError<SignupField>[] = [];
  const add = (error: FieldError<SignupField> | null) => {
    if (error && !found.some((one) => one.field === error.field)) found.push(error);
  };
  if (values.firstName === "") add({ field: "firstName", message: "error.firstNameRequired" });
  if (values.lastName === "") add({ field: "lastName", message: "error.lastNameRequired" });
  if (values.phone === "") add({ field: "phone", message: "error.phoneRequired" });
  if (values.password !== values.confirmPassword) add({ field: "confirmPassword", message: "error.passwordsMismatch" });
  if (values.password.length < PASSWORD_MIN) add({ field: "password", message: "error.passwordTooShort" });
  if (values.email === "" || values.password === "") add({ field: "email", message: "error.credentialsRequired" });
  else if (!isEmail(values.email)) add({ field: "email", message: "error.invalidEmail" });
  if (values.password.length > PASSWORD_MAX) add({ field: "password", message: "error.passwordTooLong" });
  for (const error of profileTextErrors(values)) add(error);
  return found;
}

/** The first failing sign-up rule, in the spec's order, or null. */
export function validateSignup(values: SignupValues): FieldError<SignupField> | null {
  return signupErrors(values)[0] ?? null;
}

export const NAME_MAX = 100;
export const PHONE_MAX = 30;

/**
 * After the spec's rules, for sign-up and the account page: text PostgreSQL cannot store (a NUL
 * character) is refused rather than a 500, and so is text far longer than any name or number.
 */
export function checkProfileText(values: ProfileText): FieldError<keyof ProfileText> | null {
  return profileTextErrors(values)[0] ?? null;
}

type ProfileText = { firstName: string; lastName: string; phone: string };

/** Every failure of checkProfileText's rules, in its order (a field may appear twice: the first counts). */
function profileTextErrors(values: ProfileText): FieldError<keyof ProfileText>[] {
  const found: FieldError<keyof ProfileText>[] = [];
  for (const field of ["firstName", "lastName", "phone"] as const) {
    if (hasInvalidCharacters(values[field])) found.push({ field, message: "error.invalidCharacters" });
    else if (!isOneLine(values[field])) found.push({ field, message: "error.lineBreak" });
  }
  if (values.firstName.length > NAME_MAX) found.push({ field: "firstName", message: "error.nameTooLong" });
  if (values.lastName.length > NAME_MAX) found.push({ field: "lastName", message: "error.nameTooLong" });
  if (values.phone.length > PHONE_MAX) found.push({ field: "phone", message: "error.phoneTooLong" });
  return found;
}

export function validateLogin(email: string, password: string): FieldError<"email" | "password"> | null {
  if (email === "" || password === "")
    return { field: email === "" ? "email" : "password", message: "error.credentialsRequired" };
  if (!isEmail(email)) return { field: "email", message: "error.invalidEmail" };
  if (password.length > PASSWORD_MAX) return { field: "password", message: "error.invalidCredentials" };
  return null;
}

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

/** True for text that cannot be stored as PostgreSQL text: a NUL character. */
export function hasInvalidCharacters(value: string): boolean {
  return !isStorable(value);
}
