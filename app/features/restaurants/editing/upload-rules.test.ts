import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../../../lib/errors";
import { en } from "../../../locales/en";
import { he } from "../../../locales/he";
import {
  IMAGE_FORMATS,
  isUploadKind,
  precheck,
  UPLOAD_KINDS,
  UPLOAD_REFUSAL_CODE,
  UPLOAD_RULES,
  uploadErrorMessage,
  type UploadKind,
} from "./upload-rules";

const MiB = 1024 * 1024;

describe("the upload rules", () => {
  it("are the spec's: photos and certificates up to 5 MiB, menu images and PDF menus up to 30 MiB", () => {
    expect(Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind, UPLOAD_RULES[kind].maxBytes]))).toEqual({
      photo: 5 * MiB,
      teuda: 5 * MiB,
      menu: 30 * MiB,
      pdf: 30 * MiB,
    });
    expect(isUploadKind("menu")).toBe(true);
    expect(isUploadKind("avatar")).toBe(false);
    expect(isUploadKind("toString")).toBe(false);
  });

  it("offer in the file picker exactly the image formats the server decodes, and PDFs for a PDF menu", () => {
    expect(UPLOAD_RULES.photo.accept).toBe("image/jpeg,image/png,image/webp,image/gif");
    expect(UPLOAD_RULES.photo.accept.split(",")).toEqual(IMAGE_FORMATS.map((format) => `image/${format}`));
    expect(UPLOAD_RULES.menu.accept).toBe(UPLOAD_RULES.photo.accept);
    expect(UPLOAD_RULES.pdf.accept).toBe("application/pdf");
  });

  it("name a message in both languages for every problem with every kind", () => {
    for (const kind of UPLOAD_KINDS) {
      for (const problem of ["tooLarge", "notImage", "notPdf", "unavailable", "failed"] as const) {
        const key = uploadErrorMessage(kind, problem);
        expect(en[key], `${kind} ${problem}`).toBeTruthy();
        expect(he[key], `${kind} ${problem}`).toMatch(/[\u0590-\u05FF]/);
      }
    }
  });

  it("give each refusal a code of the one error model: too large 413, not of its kind 400, storage out of reach 503", () => {
    expect(ERROR_STATUS[UPLOAD_REFUSAL_CODE.tooLarge]).toBe(413);
    expect(ERROR_STATUS[UPLOAD_REFUSAL_CODE.notImage]).toBe(400);
    expect(ERROR_STATUS[UPLOAD_REFUSAL_CODE.notPdf]).toBe(400);
    expect(ERROR_STATUS[UPLOAD_REFUSAL_CODE.unavailable]).toBe(503);
  });

  it("are browser-safe: the module imports types only, and the public forms' file limits (which import nothing)", () => {
    const source = readFileSync(path.join(import.meta.dirname, "upload-rules.ts"), "utf8");
    const imports = source.split("\n").filter((line) => line.startsWith("import "));
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type |^import \{ [\w, ]+ \} from "\.\/form-file";$/);
    const formFile = readFileSync(path.join(import.meta.dirname, "form-file.ts"), "utf8");
    expect(formFile.split("\n").filter((line) => line.startsWith("import "))).toEqual([]);
  });
});

describe("precheck (before the browser sends a file)", () => {
  const file = (size: number, type: string, name = "file") => ({ size, type, name });

  it("refuses a file over its kind's limit with the kind's message, by the server's own limit", () => {
    const cases: [UploadKind, string][] = [
      ["photo", "upload.tooLarge5"],
      ["teuda", "upload.tooLarge5"],
      ["menu", "upload.sizeExceeds"],
      ["pdf", "upload.tooLarge30"],
    ];
    for (const [kind, message] of cases) {
      const type = kind === "pdf" ? "application/pdf" : "image/jpeg";
      expect(precheck(kind, file(UPLOAD_RULES[kind].maxBytes, type))).toBeNull();
      expect(precheck(kind, file(UPLOAD_RULES[kind].maxBytes + 1, type))).toBe(message);
      expect(uploadErrorMessage(kind, "tooLarge")).toBe(message);
    }
  });

  it("refuses a file that does not claim to be of its kind; an unknown type is left to the server", () => {
    expect(precheck("photo", file(10, "application/pdf"))).toBe("upload.onlyImages");
    expect(precheck("photo", file(10, ""))).toBeNull();
    expect(precheck("pdf", file(10, "image/png", "menu.png"))).toBe("upload.onlyPdf");
    expect(precheck("pdf", file(10, "", "Menu.PDF"))).toBeNull();
  });
});
