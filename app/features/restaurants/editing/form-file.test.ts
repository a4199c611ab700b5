import { describe, expect, it } from "vitest";
import { formFileProblem, FORM_FILE_MAX_BYTES, IMAGE_MAX_BYTES } from "./form-file";

const file = (size: number, type: string, name = "file") => ({ size, type, name });

describe("the public forms' file, checked before sending", () => {
  it("a claim's proof: an image up to 5 MB or a PDF up to 10 MB; a 12 MB file of either is too large", () => {
    expect(formFileProblem(file(IMAGE_MAX_BYTES, "image/jpeg"), { pdf: true })).toBeNull();
    expect(formFileProblem(file(FORM_FILE_MAX_BYTES, "application/pdf"), { pdf: true })).toBeNull();
    expect(formFileProblem(file(12 * 1024 * 1024, "image/jpeg"), { pdf: true })).toBe("tooLarge");
    expect(formFileProblem(file(12 * 1024 * 1024, "application/pdf"), { pdf: true })).toBe("tooLarge");
    expect(formFileProblem(file(6 * 1024 * 1024, "image/png"), { pdf: true })).toBe("tooLarge");
    expect(formFileProblem(file(100, "text/html"), { pdf: true })).toBe("wrongType");
    expect(formFileProblem(file(100, "", "scan.PDF"), { pdf: true })).toBeNull();
  });

  it("a suggestion's photo: an image only, up to 5 MB", () => {
    expect(formFileProblem(file(100, "application/pdf"), { pdf: false })).toBe("wrongType");
    expect(formFileProblem(file(100, "image/svg+xml"), { pdf: false })).toBe("wrongType");
    expect(formFileProblem(file(12 * 1024 * 1024, "image/webp"), { pdf: false })).toBe("tooLarge");
    expect(formFileProblem(file(100, "image/gif"), { pdf: false })).toBeNull();
  });
});
