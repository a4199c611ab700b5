import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { rowToRestaurant } from "../core/mapping";
import { restaurantActionsHtml } from "./actions-html.server";

const restaurant = (overrides: Parameters<typeof buildRestaurantRow>[0]) =>
  rowToRestaurant(buildRestaurantRow({ slug: "harbor-grill", ...overrides }));

/** The section's links as the browser reads them: text, address, tap report and target. */
function links(html: string) {
  return DomUtils.getElementsByTagName("a", parseDocument(html)).map((link) => ({
    text: DomUtils.textContent(link).replace(/\s+/g, " ").trim(),
    href: DomUtils.getAttributeValue(link, "href") ?? null,
    ping: DomUtils.getAttributeValue(link, "ping") ?? null,
    target: DomUtils.getAttributeValue(link, "target") ?? null,
  }));
}

describe("the restaurant page's buttons out, made on the server", () => {
  const full = restaurant({
    phone_number: "+972 3-555 0101",
    waze_link: "https://waze.com/ul?ll=32.08,34.78",
    online_order_link: "https://order.example/harbor",
    wolt_link: "https://wolt.com/harbor",
    menu_link: "https://harbor.example/menu.pdf",
    booking_link: "https://book.example/harbor",
    kashrut: "tzohar",
    kashrut_website: "https://tzohar.example/harbor",
  });

  it("are plain links with the page's words, each reporting its tap; a call opens here, the others in a new tab", () => {
    expect(links(restaurantActionsHtml(full, "en"))).toEqual([
      { text: "Call the restaurant", href: "tel:+97235550101", ping: "/api/taps/harbor-grill/phone", target: null },
      {
        text: "Navigate with Waze (opens in a new tab)",
        href: "https://waze.com/ul?ll=32.08,34.78",
        ping: "/api/taps/harbor-grill/navigate",
        target: "_blank",
      },
      {
        text: "Order online (opens in a new tab)",
        href: "https://order.example/harbor",
        ping: "/api/taps/harbor-grill/order",
        target: "_blank",
      },
      {
        text: "Order delivery (opens in a new tab)",
        href: "https://wolt.com/harbor",
        ping: "/api/taps/harbor-grill/wolt",
        target: "_blank",
      },
      {
        text: "View menu (PDF) (opens in a new tab)",
        href: "https://harbor.example/menu.pdf",
        ping: "/api/taps/harbor-grill/menu",
        target: "_blank",
      },
      {
        text: "Book a table (opens in a new tab)",
        href: "https://book.example/harbor",
        ping: "/api/taps/harbor-grill/booking",
        target: "_blank",
      },
      {
        text: "Tzohar website (opens in a new tab)",
        href: "https://tzohar.example/harbor",
        ping: null,
        target: "_blank",
      },
    ]);
  });

  it("speak Hebrew on the Hebrew page", () => {
    const html = restaurantActionsHtml(full, "he");
    expect(links(html).map((link) => link.text)).toEqual([
      "התקשרו למסעדה",
      "ניווט עם Waze (נפתח בלשונית חדשה)",
      "הזמנה אונליין (נפתח בלשונית חדשה)",
      "הזמנת משלוח (נפתח בלשונית חדשה)",
      "לתפריט (PDF) (נפתח בלשונית חדשה)",
      "הזמנת שולחן (נפתח בלשונית חדשה)",
      "אתר צהר (נפתח בלשונית חדשה)",
    ]);
    expect(html).toContain('<h2 class="mb-3 text-lg font-semibold">תכננו את הביקור</h2>');
  });

  it("are nothing at all for a listing with no link out", () => {
    expect(restaurantActionsHtml(restaurant({}), "en")).toBe("");
  });

  it("escape what the listing holds", () => {
    const html = restaurantActionsHtml(
      restaurant({ booking_link: 'https://book.example/"><script>alert(1)</script>' }),
      "en",
    );
    expect(html).not.toContain("<script>");
    expect(links(html)[0]?.href).toBe('https://book.example/"><script>alert(1)</script>');
  });
});
