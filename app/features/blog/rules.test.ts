import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";
import { blogPath, formatBlogDate, generateSlug, parseBlogForm, slugForInsert, slugForUpdate } from "./rules";

describe("generateSlug", () => {
  it("lower-cases, drops other characters, joins words with single hyphens and trims", () => {
    expect(generateSlug("Top 5 Kosher Restaurants in Tel Aviv")).toBe("top-5-kosher-restaurants-in-tel-aviv");
    expect(generateSlug("  Hello,   World!! -- Again ")).toBe("hello-world-again");
    expect(generateSlug("Café & Bar: 2024")).toBe("caf-bar-2024");
    expect(generateSlug("שלום")).toBe("");
  });
});

describe("slug rules", () => {
  it("on insert: the trimmed given slug, else one from the title", () => {
    expect(slugForInsert("  my-post ", "Title")).toBe("my-post");
    expect(slugForInsert("", "My Title")).toBe("my-title");
    expect(slugForInsert(undefined, "My Title")).toBe("my-title");
  });
  it("on update: the trimmed given slug, else the existing one, else one from the title", () => {
    expect(slugForUpdate(" new-slug ", "old-slug", "Title")).toBe("new-slug");
    expect(slugForUpdate("", "old-slug", "Title")).toBe("old-slug");
    expect(slugForUpdate("", null, "From Title")).toBe("from-title");
  });
});

describe("validation", () => {
  const valid = { title: "T", subtitle: "S", slug: "a-b-1", image: "https://img.example/a.jpg", content: "## Hi" };
  it("accepts a valid post, including a site-relative image", () => {
    expect(parseBlogForm(valid).ok).toBe(true);
    expect(parseBlogForm({ ...valid, image: "/images/blog-top-5.svg" }).ok).toBe(true);
  });
  it("answers each field with the spec's message", () => {
    const result = parseBlogForm({ title: " ", subtitle: "", slug: "", image: "not a url", content: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: "blog.titleRequired",
        subtitle: "blog.subtitleRequired",
        slug: "blog.slugRequired",
        image: "blog.imageInvalid",
        content: "blog.contentRequired",
      },
    });
  });
  it("keeps a title and subtitle on one line; the content keeps its paragraphs", () => {
    expect(parseBlogForm({ ...valid, title: "T\r\nX" })).toEqual({ ok: false, errors: { title: "error.lineBreak" } });
    expect(parseBlogForm({ ...valid, subtitle: "S\nX" })).toEqual({
      ok: false,
      errors: { subtitle: "error.lineBreak" },
    });
    expect(parseBlogForm({ ...valid, content: "One.\n\nTwo." }).ok).toBe(true);
  });

  it("allows only lowercase letters, digits and single hyphens between groups in a slug", () => {
    for (const slug of ["Upper", "two--hyphens", "-lead", "trail-", "sp ace", "ü"]) {
      expect(parseBlogForm({ ...valid, slug }), slug).toMatchObject({
        ok: false,
        errors: { slug: "blog.slugInvalid" },
      });
    }
  });
  it("refuses javascript: image addresses", () => {
    expect(parseBlogForm({ ...valid, image: "javascript:alert(1)" })).toMatchObject({
      ok: false,
      errors: { image: "blog.imageInvalid" },
    });
  });
});

describe("dates and paths", () => {
  it("formats dates as MMMM d, yyyy", () => {
    expect(formatBlogDate("2024-01-05T09:00:00.000Z")).toBe("January 5, 2024");
  });
  it("links by slug when there is one, else by id", () => {
    expect(blogPath({ id: "abc", slug: "top-5" })).toBe("/blog/s/top-5");
    expect(blogPath({ id: "abc", slug: null })).toBe("/blog/abc");
  });
});

describe("markdown", () => {
  it("renders headings, lists, quotes, code and links that open in a new tab", () => {
    const html = renderMarkdown("## Title\n\n- one\n- two\n\n> quoted\n\n`code`\n\n[site](https://example.com)");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com">site</a>');
  });
  it("leaves a <script> and an onerror= attribute inert, as text", () => {
    const html = renderMarkdown(
      '<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>\n\nText <b onmouseover=alert(1)>bold</b>',
    );
    expect(html).not.toMatch(/<script|<img|<b /i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("onerror=alert(1)&gt;");
  });
  it("drops javascript: links", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain("javascript:");
  });
});
