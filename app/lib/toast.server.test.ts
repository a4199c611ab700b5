import { describe, expect, it } from "vitest";
import { createToastStore } from "./toast.server";

describe("the one-time toast", () => {
  const store = createToastStore("a-secret-long-enough-for-signing", false);

  async function requestWith(dest: string | null): Promise<Request> {
    const cookie = (await store.set({ type: "success", message: "blog.added" })).split(";")[0]!;
    const headers = new Headers({ cookie });
    if (dest) headers.set("sec-fetch-dest", dest);
    return new Request("http://127.0.0.1/blog/x", { headers });
  }

  it("is taken, and cleared, by the page the visitor goes to, as a document or the app's data fetch", async () => {
    for (const dest of ["document", "empty", null]) {
      const { toast, clear } = await store.take(await requestWith(dest));
      expect(toast?.message, String(dest)).toBe("blog.added");
      expect(clear, String(dest)).toMatch(/^kta_toast=;/);
    }
  });

  it("is left for the next page by an image, script or style request that lands on a page", async () => {
    for (const dest of ["image", "script", "style", "iframe"]) {
      expect(await store.take(await requestWith(dest)), dest).toEqual({ toast: null, clear: null });
    }
  });
});
