import { describe, expect, it } from "vitest";
import { loaderMeta } from "./meta";

describe("loaderMeta", () => {
  const meta = [{ title: "Post A | Blog" }];
  const fallback = [{ title: "Blog not found" }, { name: "robots", content: "noindex" }];

  it("hands over the tags the page's loader made", () => {
    expect(loaderMeta({ loaderData: { meta } }, fallback)).toBe(meta);
    // What React Router passes when nothing failed.
    expect(loaderMeta({ loaderData: { meta }, error: null }, fallback)).toBe(meta);
  });

  it("gives the error page its own tags when the loader failed, even beside another page's earlier data", () => {
    expect(loaderMeta({ loaderData: undefined }, fallback)).toBe(fallback);
    expect(loaderMeta({ loaderData: { meta }, error: new Response(null, { status: 404 }) }, fallback)).toBe(fallback);
    expect(loaderMeta({ loaderData: undefined })).toEqual([]);
  });
});
