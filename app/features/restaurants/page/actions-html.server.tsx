// The restaurant page's buttons out (call, navigate, order, delivery, menu, booking, the kashrut
// authority's site) as HTML, made on the server as the reviews section is: they are plain links, so
// the page shows them as they are and a browser loads none of their code (the first visit's budget,
// ADR 035). React escapes every text and attribute, as it does on any page.
import { renderToStaticMarkup } from "react-dom/server";
import type { Language } from "../../../lib/i18n/language";
import { translator } from "../../../lib/i18n/messages";
import type { Restaurant } from "../core";
import { RestaurantActions } from "./components/RestaurantActions.server";

/** The section's HTML in the page's language; empty when the listing has no link out. */
export function restaurantActionsHtml(restaurant: Restaurant, language: Language): string {
  return renderToStaticMarkup(<RestaurantActions restaurant={restaurant} t={translator(language)} />);
}
