import { describe, expect, it } from "vitest";
import {
  checkNewPassword,
  checkProfileText,
  signupErrors,
  validateLogin,
  validateSignup,
  type SignupValues,
} from "./validation";

const valid: SignupValues = {
  firstName: "Dana",
  lastName: "Levi",
  email: "dana@example.com",
  phone: "050-1234567",
  password: "olive-branch-77",
  confirmPassword: "olive-branch-77",
};

describe("sign-up validation, in the spec's order", () => {
  it("accepts a complete form", () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it("reports the first failing rule only, in order", () => {
    const empty = { firstName: "", lastName: "", email: "", phone: "", password: "a", confirmPassword: "b" };
    expect(validateSignup(empty)).toEqual({ field: "firstName", message: "error.firstNameRequired" });
    expect(validateSignup({ ...empty, firstName: "D" })).toEqual({
      field: "lastName",
      message: "error.lastNameRequired",
    });
    expect(validateSignup({ ...empty, firstName: "D", lastName: "L" })).toEqual({
      field: "phone",
      message: "error.phoneRequired",
    });
    expect(validateSignup({ ...empty, firstName: "D", lastName: "L", phone: "1" })).toEqual({
      field: "confirmPassword",
      message: "error.passwordsMismatch",
    });
    expect(validateSignup({ ...valid, password: "abc", confirmPassword: "abc" })).toEqual({
      field: "password",
      message: "error.passwordTooShort",
    });
  });

  it("lists every field in error at once, one message a field, in the spec's order", () => {
    const empty = { firstName: "", lastName: "", email: "", phone: "", password: "a", confirmPassword: "b" };
    expect(signupErrors(empty)).toEqual([
      { field: "firstName", message: "error.firstNameRequired" },
      { field: "lastName", message: "error.lastNameRequired" },
      { field: "phone", message: "error.phoneRequired" },
      { field: "confirmPassword", message: "error.passwordsMismatch" },
      { field: "password", message: "error.passwordTooShort" },
      { field: "email", message: "error.credentialsRequired" },
    ]);
    expect(signupErrors({ ...valid, firstName: "a\nb", phone: "9".repeat(31), email: "x" })).toEqual([
      { field: "email", message: "error.invalidEmail" },
      { field: "firstName", message: "error.lineBreak" },
      { field: "phone", message: "error.phoneTooLong" },
    ]);
    expect(signupErrors(valid)).toEqual([]);
  });

  it("requires an e-mail and a password, then a valid e-mail, then at most 128 characters", () => {
    expect(validateSignup({ ...valid, email: "" })?.message).toBe("error.credentialsRequired");
    expect(validateSignup({ ...valid, email: "not-an-email" })?.message).toBe("error.invalidEmail");
    const long = "x".repeat(129);
    expect(validateSignup({ ...valid, password: long, confirmPassword: long })?.message).toBe("error.passwordTooLong");
  });

  it("checks a new password's match before its length", () => {
    expect(checkNewPassword("abc", "abd")?.message).toBe("error.passwordsMismatch");
    expect(checkNewPassword("abc", "abc")?.message).toBe("error.passwordTooShort");
    expect(checkNewPassword("abcdef", "abcdef")).toBeNull();
  });
});

describe("login validation", () => {
  it("needs both fields and a well-formed e-mail", () => {
    expect(validateLogin("", "x")?.message).toBe("error.credentialsRequired");
    expect(validateLogin("a@b.co", "")?.message).toBe("error.credentialsRequired");
    expect(validateLogin("nope", "secret")?.message).toBe("error.invalidEmail");
    expect(validateLogin("a@b.co", "secret")).toBeNull();
  });
});

describe("text the database cannot hold (found by fuzzing)", () => {
  it("refuses an e-mail with control characters or longer than 254 characters", () => {
    expect(validateLogin("x\u0000@example.com", "secret")?.message).toBe("error.invalidEmail");
    expect(validateLogin(`${"a".repeat(250)}@b.co`, "secret")?.message).toBe("error.invalidEmail");
    expect(validateSignup({ ...valid, email: "a\u0001b@example.com" })?.message).toBe("error.invalidEmail");
  });

  it("refuses a line break in a name or phone (it would split an e-mail's greeting, a CSV row, a log line)", () => {
    expect(validateSignup({ ...valid, firstName: "Dana\r\nBcc: x@example.com" })).toEqual({
      field: "firstName",
      message: "error.lineBreak",
    });
    expect(validateSignup({ ...valid, lastName: "Levi\n" })).toEqual({ field: "lastName", message: "error.lineBreak" });
    expect(validateSignup({ ...valid, phone: "050\r1234567" })).toEqual({ field: "phone", message: "error.lineBreak" });
  });

  it("refuses a NUL character in a name or phone, after the spec's rules", () => {
    expect(validateSignup({ ...valid, firstName: "Da\u0000na" })).toEqual({
      field: "firstName",
      message: "error.invalidCharacters",
    });
    expect(validateSignup({ ...valid, phone: "050\u0000" })).toEqual({
      field: "phone",
      message: "error.invalidCharacters",
    });
    expect(validateSignup({ ...valid, lastName: "", firstName: "\u0000" })?.message).toBe("error.lastNameRequired");
  });
});

describe("profile text limits", () => {
  const ok = { firstName: "Dana", lastName: "Levi", phone: "03-5551234" };
  it("accept ordinary names and numbers, in Hebrew too", () => {
    expect(checkProfileText(ok)).toBeNull();
    expect(checkProfileText({ firstName: "דנה", lastName: "לוי", phone: "+972 3 555 1234" })).toBeNull();
  });
  it("refuse over-long names and numbers with a message for the field", () => {
    expect(checkProfileText({ ...ok, firstName: "a".repeat(101) })).toEqual({
      field: "firstName",
      message: "error.nameTooLong",
    });
    expect(checkProfileText({ ...ok, lastName: "b".repeat(120_000) })).toEqual({
      field: "lastName",
      message: "error.nameTooLong",
    });
    expect(checkProfileText({ ...ok, phone: "1".repeat(31) })).toEqual({
      field: "phone",
      message: "error.phoneTooLong",
    });
  });
});
