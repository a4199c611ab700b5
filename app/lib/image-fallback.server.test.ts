import { describe, expect, it } from "vitest";
import { IMAGE_FALLBACK_SCRIPT, withImageFallbacks } from "./image-fallback.server";

const page = (body: string) => `<!DOCTYPE html><html><head><title>x</title></head><body>${body}</body></html>`;

describe("withImageFallbacks", () => {
  it("puts the swap script, with the request's nonce, in the head of a page with a placeholder image", () => {
    const html = withImageFallbacks(page('<img src="/uploads/blog/a.webp" data-fallback="/images/p.svg">'), "N1");
    expect(html).toContain(`<script nonce="N1">${IMAGE_FALLBACK_SCRIPT}</script></head>`);
    expect(html.indexOf("<script")).toBeLessThan(html.indexOf("<body>"));
  });

  it("leaves a page without such an image as it is", () => {
    const html = page('<img src="/uploads/restaurants/a.webp" alt="">');
    expect(withImageFallbacks(html, "N1")).toBe(html);
  });

  it("swaps only once: an image already showing its placeholder is left alone", () => {
    expect(IMAGE_FALLBACK_SCRIPT).toContain('image.getAttribute("src")===fallback)return');
    expect(IMAGE_FALLBACK_SCRIPT).toContain('getAttribute("data-fallback")');
    // Caught on the way down: error events do not bubble.
    expect(IMAGE_FALLBACK_SCRIPT.endsWith("},true)")).toBe(true);
  });
});
