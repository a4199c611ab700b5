// English messages. The Hebrew catalogue must have exactly these keys (checked by the type).
export const en = {
  "brand.name": "Kosher Tel Aviv",
  "meta.defaultTitle": "Kosher Tel Aviv – Kosher Restaurants in Tel Aviv",
  "meta.defaultDescription":
    "Find a kosher restaurant in Tel Aviv: kashrut, opening hours, menus, booking and delivery links for kosher places to eat in Tel Aviv.",
  "a11y.skipToContent": "Skip to main content",
  "nav.home": "Home",
  "nav.blogs": "Blogs",
  "nav.dashboard": "Dashboard",
  "nav.main": "Main",
  "nav.openMenu": "Open menu",
  "nav.closeMenu": "Close menu",
  "nav.menuTitle": "Menu",
  "nav.switchLanguage": "עברית",
  "nav.switchLanguageLabel": "Switch to Hebrew",
  "nav.welcome": "Welcome, {name}",
  "role.admin": "Admin",
  "role.owner": "Owner",
  "role.guest": "Guest",
  "footer.links": "Links",
  "footer.legal": "Legal",
  "footer.login": "Log In",
  "footer.signup": "Sign Up",
  "footer.logout": "Log Out",
  "footer.accessibility": "Accessibility Statement",
  "footer.privacy": "Privacy Policy",
  "footer.imageDisclaimer":
    "Images are for illustration only. Some photos come from the restaurants' public pages; all rights belong to their owners.",
  "footer.copyright": "© {year} Kosher Tel Aviv. All rights reserved.",
  "home.title": "Kosher Restaurants in Tel Aviv",
  "home.subtitle": "Find kosher places to eat tonight: kashrut, hours, menus and booking in one place.",
  "home.badgeArea": "Tel Aviv area",
  "home.badgeVerified": "Verified kosher",
  "home.count": "{count} restaurants",
  "restaurant.permanentlyClosed": "Permanently Closed",
  "notFound.title": "Oops! Page not found",
  "notFound.home": "Return to Home",
  "error.title": "Something went wrong",
  "error.body": "An unexpected error occurred. Please try again.",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
