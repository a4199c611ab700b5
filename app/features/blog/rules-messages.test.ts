// Every rule of the blog form says what is wrong in both languages: before, an image
// address over 2,000 characters came back with zod's English text and showed an empty message.
import { describe, expect, it } from "vitest";
import { rulesOf } from "../../lib/form-rules";
import { en } from "../../locales/en";
import { he } from "../../locales/he";
import { blogFormSchema, parseBlogForm } from "./rules";

const valid = {
  title: "Title",
  subtitle: "Subtitle",
  slug: "a-post",
  image: "https://example.com/a.jpg",
  content: "Body",
};

function expectShown(message: string | undefined, label: string) {
  expect(message, label).toBeDefined();
  expect((en as Record<string, string>)[message!]?.trim(), `${label}: "${message}" in en.ts`).toBeTruthy();
  expect((he as Record<string, string>)[message!]?.trim(), `${label}: "${message}" in he.ts`).toBeTruthy();
}

describe("blog form messages", () => {
  it("every rule of the schema carries a message key with text in English and Hebrew", () => {
    const rules = rulesOf(blogFormSchema);
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) expectShown(rule.message, `${rule.path} (${rule.kind})`);
  });

  const breakers: [string, Record<string, unknown>, string][] = [
    ["no title", { title: " " }, "title"],
    ["title too long", { title: "t".repeat(201) }, "title"],
    ["title with NUL", { title: "a\u0000" }, "title"],
    ["title not text", { title: 7 }, "title"],
    ["no subtitle", { subtitle: "" }, "subtitle"],
    ["subtitle too long", { subtitle: "s".repeat(501) }, "subtitle"],
    ["no slug", { slug: "" }, "slug"],
    ["slug too long", { slug: "a".repeat(121) }, "slug"],
    ["slug with capitals", { slug: "A-Post" }, "slug"],
    ["slug left out", { slug: undefined }, "slug"],
    ["image not an address", { image: "not a url" }, "image"],
    ["image address too long", { image: `https://example.com/${"a".repeat(2000)}` }, "image"],
    ["no content", { content: "" }, "content"],
    ["content too long", { content: "c".repeat(100_001) }, "content"],
  ];

  it.each(breakers)("%s: the field's message is shown in both languages", (_label, change, field) => {
    const result = parseBlogForm({ ...valid, ...change });
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : (result.errors as Record<string, string>);
    expectShown(errors[field], field);
  });
});
