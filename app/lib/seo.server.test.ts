import { describe, expect, it } from "vitest";
import { redirectTarget } from "./redirects";
import { pageMeta } from "./seo.server";

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("pageMeta", () => {
  const meta = pageMeta({
    publicUrl: "https://kosher.example",
    language: "he",
    title: "כותרת",
    description: "תיאור",
    path: "/he/restaurant/x",
    alternates: { en: "/en/restaurant/x", he: "/he/restaurant/x" },
    image: "/uploads/a-1200.webp",
  });

  it("has the title, description and an absolute canonical URL", () => {
    expect(meta[0]).toEqual({ title: "כותרת" });
    expect(find(meta, "name", "description")?.content).toBe("תיאור");
    expect(find(meta, "rel", "canonical")?.href).toBe("https://kosher.example/he/restaurant/x");
  });

  it("has hreflang alternates for both languages and x-default", () => {
    const alternates = meta.filter((m) => (m as Record<string, unknown>).rel === "alternate") as Record<
      string,
      string
    >[];
    expect(alternates.map((a) => [a.hrefLang, a.href])).toEqual([
      ["en", "https://kosher.example/en/restaurant/x"],
      ["he", "https://kosher.example/he/restaurant/x"],
      ["x-default", "https://kosher.example/en/restaurant/x"],
    ]);
  });

  it("has Open Graph tags with an absolute image and the Hebrew locale", () => {
    expect(find(meta, "property", "og:image")?.content).toBe("https://kosher.example/uploads/a-1200.webp");
    expect(find(meta, "property", "og:locale")?.content).toBe("he_IL");
    expect(find(meta, "property", "og:title")?.content).toBe("כותרת");
  });

  it("falls back to the site's share image", () => {
    const plain = pageMeta({ publicUrl: "https://k.example", language: "en", title: "t", description: "d", path: "/" });
    expect(find(plain, "property", "og:image")?.content).toBe("https://k.example/images/share.png");
    expect(plain.some((m) => (m as Record<string, unknown>).rel === "alternate")).toBe(false);
  });
});

describe("redirects", () => {
  it.each([
    ["/restaurant/olive", "/en/restaurant/olive"],
    ["/he/blogs", "/blogs"],
    ["/he/blog/123", "/blog/123"],
    ["/he/blog/s/top-5", "/blog/s/top-5"],
    ["/en/accessibility", "/accessibility"],
    ["/en/privacy-policy", "/privacy-policy"],
  ])("%s goes to %s", (from, to) => {
    expect(redirectTarget(from)).toBe(to);
  });
});
