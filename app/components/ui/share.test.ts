import { describe, expect, it, vi } from "vitest";
import { pageLink, shareLink } from "./share";

function page(canonical?: string): Document {
  return {
    title: "Falafel – Kosher Tel Aviv",
    location: { href: "http://127.0.0.1:3000/he/restaurant/falafel?utm=x" },
    querySelector: () => (canonical ? { href: canonical } : null),
  } as unknown as Document;
}

describe("the share button's link", () => {
  it("is the page's canonical URL (absolute, in the page's language), else the address", () => {
    expect(pageLink(page("https://kosher.example/he/restaurant/falafel"))).toBe(
      "https://kosher.example/he/restaurant/falafel",
    );
    expect(pageLink(page())).toBe("http://127.0.0.1:3000/he/restaurant/falafel?utm=x");
  });
});

describe("sharing", () => {
  const url = "https://kosher.example/he/restaurant/falafel";

  it("hands the link to the share sheet where there is one, and copies nothing", async () => {
    const nav = { share: vi.fn(async () => {}), clipboard: { writeText: vi.fn(async () => {}) } };
    expect(await shareLink(true, nav as unknown as Navigator, page(url))).toBeUndefined();
    expect(nav.share).toHaveBeenCalledWith({ title: "Falafel – Kosher Tel Aviv", url });
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });

  it("says nothing when the visitor closes the share sheet", async () => {
    const cancel = Object.assign(new Error("cancelled"), { name: "AbortError" });
    const nav = { share: vi.fn(async () => Promise.reject(cancel)), clipboard: { writeText: vi.fn(async () => {}) } };
    expect(await shareLink(true, nav as unknown as Navigator, page(url))).toBeUndefined();
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });

  it("copies the link without a share sheet, or when the share sheet refuses", async () => {
    const copy = { writeText: vi.fn(async () => {}) };
    expect(await shareLink(false, { clipboard: copy } as unknown as Navigator, page(url))).toBe(true);
    const refused = Object.assign(new Error("no"), { name: "NotAllowedError" });
    expect(
      await shareLink(
        true,
        { share: async () => Promise.reject(refused), clipboard: copy } as unknown as Navigator,
        page(url),
      ),
    ).toBe(true);
    expect(copy.writeText).toHaveBeenCalledTimes(2);
    expect(copy.writeText).toHaveBeenCalledWith(url);
  });

  it("says when the link could not be copied", async () => {
    const nav = { clipboard: { writeText: async () => Promise.reject(new Error("denied")) } };
    expect(await shareLink(false, nav as unknown as Navigator, page(url))).toBe(false);
  });
});
