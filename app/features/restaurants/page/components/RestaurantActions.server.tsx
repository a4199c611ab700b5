// The restaurant page's buttons out. Rendered to HTML on the server only (../actions-html.server.tsx):
// plain links, so no browser loads this code, on a first visit or a client-side navigation alike.
import type { ReactNode } from "react";
import type { Translate } from "../../../../lib/i18n/messages";
import { isPdfLink, kashrutWebsiteButton, type Restaurant } from "../../core";
import { type TapKind, tapPing } from "../../statistics";

const button =
  "flex min-h-11 w-full items-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-stone-800 hover:border-brand-700 hover:bg-brand-50";

/**
 * A link out; with `ping`, the browser reports its tap (counted for the owner, nothing
 * about the diner). `here`: it opens in this tab (a phone call), so it says nothing of a new tab.
 */
function ActionLink({
  href,
  icon,
  ping,
  here,
  t,
  children,
}: {
  href: string;
  icon: ReactNode;
  ping?: string | undefined;
  here?: boolean;
  t: Translate;
  children: ReactNode;
}) {
  return (
    <a href={href} {...(here ? {} : { target: "_blank", rel: "noopener noreferrer" })} ping={ping} className={button}>
      <span aria-hidden="true" className="text-brand-700">
        {icon}
      </span>
      <span>
        {children}
        {here ? null : <span className="sr-only"> {t("restaurant.newTab")}</span>}
      </span>
    </a>
  );
}

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    className="h-5 w-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);
const ICONS = {
  call: icon("M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"),
  navigate: icon("M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"),
  order: icon("M6 6h15l-1.5 9h-12zM6 6L5 3H2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z"),
  delivery: icon(
    "M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  ),
  menu: icon("M4 5h16M4 12h16M4 19h10"),
  pdf: icon("M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6"),
  book: icon("M4 7h16v13H4zM4 11h16M8 3v4M16 3v4"),
  // A shield without a check: the link leads to the authority, it vouches for nothing (an expired supervision has it too).
  kashrut: icon("M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z"),
};

/** The page's buttons out: call, navigate, order, delivery, menu, booking, the kashrut authority's site (none: nothing). */
export function RestaurantActions({ restaurant, t }: { restaurant: Restaurant; t: Translate }) {
  const kashrutSite = kashrutWebsiteButton(restaurant);
  const ping = (kind: TapKind) => tapPing(restaurant.slug, kind);
  const phone = restaurant.phoneNumber;
  const hasActions =
    phone ||
    restaurant.wazeLink ||
    restaurant.onlineOrderLink ||
    restaurant.woltLink ||
    restaurant.menuLink ||
    restaurant.bookingLink ||
    kashrutSite;
  if (!hasActions) return null;
  return (
    <section>
      <h2 className="mb-3 text-lg font-semibold">{t("restaurant.actions")}</h2>
      <div className="space-y-2">
        {phone ? (
          <ActionLink t={t} href={`tel:${phone.replace(/[^\d+]/g, "")}`} ping={ping("phone")} icon={ICONS.call} here>
            {t("restaurant.call")}
          </ActionLink>
        ) : null}
        {restaurant.wazeLink ? (
          <ActionLink t={t} href={restaurant.wazeLink} ping={ping("navigate")} icon={ICONS.navigate}>
            {t("restaurant.navigate")}
          </ActionLink>
        ) : null}
        {restaurant.onlineOrderLink ? (
          <ActionLink t={t} href={restaurant.onlineOrderLink} ping={ping("order")} icon={ICONS.order}>
            {t("restaurant.orderOnline")}
          </ActionLink>
        ) : null}
        {restaurant.woltLink ? (
          <ActionLink t={t} href={restaurant.woltLink} ping={ping("wolt")} icon={ICONS.delivery}>
            {t("restaurant.orderDelivery")}
          </ActionLink>
        ) : null}
        {restaurant.menuLink ? (
          <ActionLink
            t={t}
            href={restaurant.menuLink}
            ping={ping("menu")}
            icon={isPdfLink(restaurant.menuLink) ? ICONS.pdf : ICONS.menu}
          >
            {isPdfLink(restaurant.menuLink) ? t("restaurant.viewMenuPdf") : t("restaurant.viewMenu")}
          </ActionLink>
        ) : null}
        {restaurant.bookingLink ? (
          <ActionLink t={t} href={restaurant.bookingLink} ping={ping("booking")} icon={ICONS.book}>
            {t("restaurant.book")}
          </ActionLink>
        ) : null}
        {kashrutSite ? (
          <ActionLink t={t} href={kashrutSite.href} icon={ICONS.kashrut}>
            {t(kashrutSite.label)}
          </ActionLink>
        ) : null}
      </div>
    </section>
  );
}
