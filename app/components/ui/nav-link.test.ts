import { describe, expect, it } from "vitest";
import { isCurrentPath } from "./NavLink";
import { cn } from "../../lib/cn";

describe("isCurrentPath: which link of a menu leads to the page shown", () => {
  it("is the page itself, in any case of letters", () => {
    expect(isCurrentPath("/blogs", "/blogs", false)).toBe(true);
    expect(isCurrentPath("/Blogs", "/blogs", false)).toBe(true);
    expect(isCurrentPath("/he/blogs", "/he/blogs", true)).toBe(true);
  });

  it("is a page under it unless the link is for that page only", () => {
    expect(isCurrentPath("/dashboard/reports", "/dashboard", false)).toBe(true);
    expect(isCurrentPath("/dashboard/reports", "/dashboard", true)).toBe(false);
    expect(isCurrentPath("/he/dashboard/register/abc", "/he/dashboard/register", false)).toBe(true);
  });

  it("is not a page whose path only begins with the same letters", () => {
    expect(isCurrentPath("/blogsx", "/blogs", false)).toBe(false);
    expect(isCurrentPath("/blog/s/first", "/blogs", false)).toBe(false);
    expect(isCurrentPath("/he", "/he/blogs", false)).toBe(false);
  });

  it("is, for the home link, the home page only", () => {
    expect(isCurrentPath("/", "/", true)).toBe(true);
    expect(isCurrentPath("/blogs", "/", true)).toBe(false);
    expect(isCurrentPath("/he", "/he", true)).toBe(true);
    expect(isCurrentPath("/he/saved", "/he", true)).toBe(false);
  });

  it("reads a link's trailing slash as the folder", () => {
    expect(isCurrentPath("/dashboard/reports", "/dashboard/", false)).toBe(true);
  });
});

describe("cn", () => {
  it("joins the classes wanted and leaves out the rest", () => {
    expect(cn("a", false, "b", null, undefined, "", "c")).toBe("a b c");
    expect(cn()).toBe("");
  });
});
