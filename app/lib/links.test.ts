import { describe, expect, it } from "vitest";
import { isWebLink, withScheme } from "./links";

describe("withScheme", () => {
  it("puts https:// in front of a bare domain, with or without www, path, query or port", () => {
    expect(withScheme("www.example.com/book")).toBe("https://www.example.com/book");
    expect(withScheme("  example.co.il ")).toBe("https://example.co.il");
    expect(withScheme("shop.example.com:8443/order?table=4#now")).toBe(
      "https://shop.example.com:8443/order?table=4#now",
    );
    expect(withScheme("wolt.com/he/isr/tel-aviv/restaurant/x")).toBe("https://wolt.com/he/isr/tel-aviv/restaurant/x");
  });

  it("leaves http(s) addresses, other schemes and non-addresses as typed (trimmed)", () => {
    for (const value of [
      "https://example.com",
      "http://example.com/x",
      "javascript:alert(1)",
      "data:text/html,hi",
      "mailto:a@example.com",
      "ftp://example.com",
      "example",
      "not a link.com",
      "/uploads/menus/a.pdf",
      "//example.com",
      "",
    ]) {
      expect(withScheme(value), value).toBe(value.trim());
    }
  });
});

describe("isWebLink", () => {
  it("accepts http and https addresses, including a normalised bare domain", () => {
    for (const value of [
      "https://example.com",
      "http://example.com/a?b=c",
      withScheme("www.example.com/book"),
      "https://waze.com/ul?ll=32.08,34.78",
    ]) {
      expect(isWebLink(value), value).toBe(true);
    }
  });

  it("refuses every other scheme and anything that is not an address", () => {
    for (const value of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<script>",
      "vbscript:x",
      "mailto:a@example.com",
      "ftp://example.com",
      "https://",
      "https:// example.com",
      "example",
      "//example.com",
      withScheme("javascript:alert(1)"),
    ]) {
      expect(isWebLink(value), value).toBe(false);
    }
  });
});
