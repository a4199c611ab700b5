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

  it("sent to a page, is left by another page's data fetch (another tab's live update) for the page it was sent to", async () => {
    const { redirectWithToast } = await import("./toast.server");
    const sent = await redirectWithToast(store, "/he/dashboard/edit/7?tab=register", {
      type: "success",
      message: "blog.added",
    });
    const cookie = sent.headers.getSetCookie()[0]!.split(";")[0]!;
    const request = (url: string, dest: string) =>
      new Request(`http://127.0.0.1${url}`, { headers: { cookie, "sec-fetch-dest": dest } });
    // The listing's tab refreshing its data in the background.
    expect(await store.take(request("/he/restaurant/olive-grill.data", "empty"))).toEqual({ toast: null, clear: null });
    expect(await store.take(request("/_.data", "empty"))).toEqual({ toast: null, clear: null });
    // The page it was sent to takes it, by its data fetch (with JavaScript) or as a document.
    expect((await store.take(request("/he/dashboard/edit/7.data?_routes=root", "empty"))).toast?.message).toBe(
      "blog.added",
    );
    expect((await store.take(request("/he/dashboard/edit/7", "document"))).toast?.message).toBe("blog.added");
    // The home page's data request (`/_.data`) takes a toast sent to the home page.
    const home = (await redirectWithToast(store, "/", { type: "success", message: "blog.added" })).headers
      .getSetCookie()[0]!
      .split(";")[0]!;
    const homeData = new Request("http://127.0.0.1/_.data?_routes=root", {
      headers: { cookie: home, "sec-fetch-dest": "empty" },
    });
    expect((await store.take(homeData)).toast?.message).toBe("blog.added");
    // A document load anywhere still takes it (the visitor sees that page; nothing else would).
    expect((await store.take(request("/he", "document"))).toast?.message).toBe("blog.added");
  });
});

describe("pageOf: where an action sends the browser back", () => {
  it.each([
    ["http://127.0.0.1/dashboard/reports.data?status=open", "/dashboard/reports?status=open"],
    [
      "http://127.0.0.1/he/dashboard/users.data?q=a&page=2&_routes=routes%2Fdashboard%2Fusers",
      "/he/dashboard/users?q=a&page=2",
    ],
    ["http://127.0.0.1/dashboard/users", "/dashboard/users"],
    ["http://127.0.0.1/dashboard.data?index", "/dashboard"],
    ["http://127.0.0.1/_root.data", "/"],
    // The home page's data, as this app's React Router asks for it (trailing-slash-aware data requests).
    ["http://127.0.0.1/_.data?_routes=root%2Croutes%2Fhome", "/"],
    ["http://127.0.0.1/he/_.data", "/he/"],
  ])("%s -> %s (the page, not its data)", async (url, page) => {
    const { pageOf } = await import("./toast.server");
    expect(pageOf(new Request(url))).toBe(page);
  });
});
