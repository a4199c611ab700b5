import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { heroHtml } from "./hero-html.server";

/** The heading's texts as a reader meets them: the title, the line and the badges. */
function texts(html: string) {
  const page = parseDocument(html);
  const text = (tag: string) =>
    DomUtils.getElementsByTagName(tag, page).map((node) => DomUtils.textContent(node).trim());
  return { h1: text("h1"), p: text("p"), li: text("li") };
}

describe("the home page's heading, made on the server", () => {
  it("is one level-one heading, its line and two badges, in English", () => {
    expect(texts(heroHtml("en"))).toEqual({
      h1: ["Kosher Restaurants in Tel Aviv"],
      p: ["Find kosher places to eat tonight: kashrut, hours, menus and booking in one place."],
      li: ["Tel Aviv area", "Kashrut supervision shown"],
    });
  });

  it("speaks Hebrew on the Hebrew page", () => {
    expect(texts(heroHtml("he"))).toEqual({
      h1: ["מסעדות כשרות בתל אביב"],
      p: ["מצאו איפה לאכול כשר הערב: כשרות, שעות, תפריטים והזמנות במקום אחד."],
      li: ["אזור תל אביב", "פרטי השגחת הכשרות"],
    });
  });

  it("keeps its icons out of the accessibility tree", () => {
    const svgs = DomUtils.getElementsByTagName("svg", parseDocument(heroHtml("en")));
    expect(svgs).toHaveLength(2);
    expect(svgs.every((svg) => DomUtils.getAttributeValue(svg, "aria-hidden") === "true")).toBe(true);
  });
});
