import { describe, expect, it } from "vitest";
import { imageFiles, responsiveImage } from "./images";

describe("responsiveImage", () => {
  it("lists every stored width up to the largest", () => {
    expect(responsiveImage("/uploads/restaurant-images/abc-1200.webp")).toEqual({
      src: "/uploads/restaurant-images/abc-800.webp",
      srcSet:
        "/uploads/restaurant-images/abc-400.webp 400w, /uploads/restaurant-images/abc-800.webp 800w, /uploads/restaurant-images/abc-1200.webp 1200w",
    });
  });
  it("does not offer widths larger than the stored original", () => {
    expect(responsiveImage("/uploads/x/small-400.webp").srcSet).toBe("/uploads/x/small-400.webp 400w");
    expect(responsiveImage("/uploads/x/small-400.webp").src).toBe("/uploads/x/small-400.webp");
  });
  it("leaves external and unversioned URLs alone", () => {
    expect(responsiveImage("https://example.com/a.jpg")).toEqual({ src: "https://example.com/a.jpg" });
    expect(responsiveImage("/uploads/plain.png")).toEqual({ src: "/uploads/plain.png" });
  });
});

describe("imageFiles", () => {
  it("lists every width of a stored image, and only the file itself otherwise", () => {
    expect(imageFiles("/uploads/restaurant-images/abc-800.webp")).toEqual([
      "/uploads/restaurant-images/abc-400.webp",
      "/uploads/restaurant-images/abc-800.webp",
      "/uploads/restaurant-images/abc-1200.webp",
    ]);
    expect(imageFiles("/uploads/restaurant-menus/pdf_x.pdf")).toEqual(["/uploads/restaurant-menus/pdf_x.pdf"]);
  });
});
