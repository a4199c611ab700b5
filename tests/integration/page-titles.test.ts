// Every page's <title> is in the page's language: the catalogue's text for that language, then
// the brand name from the same catalogue. Walks the route table, so a new page must be listed here.
// A public page's tags are made by its loader on the server (lib/seo.server.ts) and handed over by its
// `meta` export: those pages' loaders run here on a test database, as the server runs them, and their
// meta is read from what they sent. Pages behind sign-in set their title in `meta` from their data.
import type { MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KASHRUT_LABELS } from "../../app/features/restaurants/core/constants";
import { accessibilityStatement, privacyPolicy } from "../../app/features/legal/content";
import { reviewPolicy } from "../../app/features/legal/review-policy";
import type { AppServices } from "../../app/lib/context";
import { detectLanguage, type Language } from "../../app/lib/i18n/language";
import { translator, type Translate } from "../../app/lib/i18n/messages";
import routes from "../../app/routes";
import { insertRestaurant } from "../../database/factories";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices } from "../setup/services";

/** The review policy states this installation's numbers. */
const REVIEW_FACTS = { newAccountDays: 7, burstPerPlace: 5, burstPerAccount: 3 };

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** Each route of app/routes.ts with its full path pattern and module file. */
function flatten(entries: RouteEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

const restaurant = { name: { en: "Olive", he: "זית" } };
const email = "contact@example.com";
const page = (t: Translate, key: Parameters<Translate>[0]) => `${t(key)} | ${t("brand.name")}`;

/**
 * The title each page must have (pattern without the he/ or en/ prefix), and where its meta comes
 * from: its loader (`loader`, run signed in as a diner or with a sign-in waiting for its code when
 * it says so), or the data its `meta` reads (`loaderData`).
 */
const PAGES: Record<
  string,
  {
    url: string;
    loader?: { as?: "diner" | "pendingSignIn"; params?: Record<string, string> };
    loaderData?: (language: Language) => unknown;
    title: (t: Translate, language: Language) => string;
  }
> = {
  "": { url: "/", loader: {}, title: (t) => t("meta.defaultTitle") },
  "restaurant/:slug": {
    url: "/restaurant/olive",
    loader: { params: { slug: "olive" } },
    // Its certificate is valid: a kosher restaurant, with its supervision's name in the page's language.
    title: (_t, l) =>
      l === "he"
        ? `זית | מסעדה כשרה (${KASHRUT_LABELS.rabanut.he}) בתל אביב`
        : `Olive | Kosher restaurant (${KASHRUT_LABELS.rabanut.en}) in Tel Aviv`,
  },
  accessibility: {
    url: "/accessibility",
    loader: {},
    title: (t, l) => `${accessibilityStatement(l, email).title} | ${t("brand.name")}`,
  },
  "privacy-policy": {
    url: "/privacy-policy",
    loader: {},
    title: (t, l) => `${privacyPolicy(l, email).title} | ${t("brand.name")}`,
  },
  "review-policy": {
    url: "/review-policy",
    loader: {},
    title: (t, l) => `${reviewPolicy(l, email, REVIEW_FACTS).title} | ${t("brand.name")}`,
  },
  login: { url: "/login", loader: {}, title: (t) => page(t, "login.title") },
  "login/two-factor": {
    url: "/login/two-factor",
    loader: { as: "pendingSignIn" },
    title: (t) => page(t, "twoFactor.loginTitle"),
  },
  signup: { url: "/signup", loader: {}, title: (t) => page(t, "signup.title") },
  "forgot-password": { url: "/forgot-password", loader: {}, title: (t) => page(t, "forgot.title") },
  "reset-password": { url: "/reset-password", loader: {}, title: (t) => page(t, "reset.title") },
  "verify-email": {
    url: "/verify-email",
    loaderData: () => ({ verified: true }),
    title: (t) => page(t, "verify.title"),
  },
  account: { url: "/account", loader: { as: "diner" }, title: (t) => page(t, "account.title") },
  dashboard: { url: "/dashboard", title: (t) => page(t, "dashboard.title") },
  "dashboard/add": {
    url: "/dashboard/add",
    loaderData: () => ({ mode: "add" }),
    title: (t) => page(t, "editor.addTitle"),
  },
  "dashboard/edit/:id": {
    url: "/dashboard/edit/r-1",
    loaderData: () => ({ mode: "edit", id: "r-1" }),
    title: (t) => page(t, "editor.editTitle"),
  },
  "dashboard/users": { url: "/dashboard/users", title: (t) => page(t, "users.title") },
  "dashboard/reports": { url: "/dashboard/reports", title: (t) => page(t, "reports.title") },
  "dashboard/claims": { url: "/dashboard/claims", title: (t) => page(t, "claims.title") },
  "dashboard/edit/:id/hours": { url: "/dashboard/edit/r-1/hours", title: (t) => page(t, "hours.title") },
  // The certificates list and a restaurant's Pesach.
  "dashboard/certificates": { url: "/dashboard/certificates", title: (t) => page(t, "certificates.title") },
  // The listings whose kashrut value and certificate disagreed (admins).
  "dashboard/kashrut": { url: "/dashboard/kashrut", title: (t) => page(t, "kashrutModel.title") },
  "dashboard/edit/:id/pesach": { url: "/dashboard/edit/r-1/pesach", title: (t) => page(t, "pesachEdit.edit") },
  // Suggest a restaurant and the suggestions queue.
  suggest: { url: "/suggest", loader: {}, title: (t) => `${t("suggest.pageTitle")} | ${t("brand.name")}` },
  "dashboard/suggestions": { url: "/dashboard/suggestions", title: (t) => page(t, "suggestions.title") },
  // The Rabbinate's register: its imports and one snapshot's review.
  "dashboard/register": { url: "/dashboard/register", title: (t) => page(t, "register.title") },
  "dashboard/register/:id": { url: "/dashboard/register/s-1", title: (t) => page(t, "register.title") },
  "dashboard/statistics": { url: "/dashboard/statistics", title: (t) => page(t, "statistics.title") },
  // The searches that found nothing (admins).
  "dashboard/searches": { url: "/dashboard/searches", title: (t) => page(t, "misses.title") },
  // A diner's saved places.
  saved: { url: "/saved", title: (t) => `${t("saved.title")} | ${t("brand.name")}` },
  // Alerts for saved places.
  "account/alerts": { url: "/account/alerts", loader: { as: "diner" }, title: (t) => page(t, "alerts.title") },
  "account/alerts/unsubscribe": {
    url: "/account/alerts/unsubscribe",
    loader: {},
    title: (t) => page(t, "alerts.unsubscribeTitle"),
  },
  "restaurant/:slug/report": {
    url: "/restaurant/olive/report",
    loaderData: () => ({ slug: "olive", name: restaurant.name }),
    title: (t, l) => `${t("report.pageTitle", { name: l === "he" ? "זית" : "Olive" })} | ${t("brand.name")}`,
  },
  "restaurant/:slug/claim": {
    url: "/restaurant/olive/claim",
    loaderData: () => ({ page: { restaurant: { id: "r-1", slug: "olive", name: restaurant.name } } }),
    title: (t, l) => `${t("claim.pageTitle", { name: l === "he" ? "זית" : "Olive" })} | ${t("brand.name")}`,
  },
  "restaurant/:slug/review": {
    url: "/restaurant/olive/review",
    loaderData: () => ({ page: { place: { slug: "olive", name: restaurant.name } } }),
    title: (t, l) => `${t("reviewWrite.pageTitle", { name: l === "he" ? "זית" : "Olive" })} | ${t("brand.name")}`,
  },
  // Reviews' moderation: a review's report and reply pages, the admins' queue and watched words.
  "restaurant/:slug/reviews/:id/report": {
    url: "/restaurant/olive/reviews/v-1/report",
    loaderData: () => ({ place: { slug: "olive", name: restaurant.name } }),
    title: (t, l) =>
      `${t("reviewModerate.report.pageTitle", { name: l === "he" ? "זית" : "Olive" })} | ${t("brand.name")}`,
  },
  "restaurant/:slug/reviews/:id/reply": {
    url: "/restaurant/olive/reviews/v-1/reply",
    loaderData: () => ({ place: { slug: "olive", name: restaurant.name } }),
    title: (t, l) =>
      `${t("reviewModerate.reply.pageTitle", { name: l === "he" ? "זית" : "Olive" })} | ${t("brand.name")}`,
  },
  "dashboard/reviews": { url: "/dashboard/reviews", title: (t) => page(t, "reviewQueue.title") },
  "dashboard/reviews/words": { url: "/dashboard/reviews/words", title: (t) => page(t, "reviewQueue.words.title") },
  "*": { url: "/no-such-page", loaderData: (language) => ({ language }), title: (t) => page(t, "notFound.title") },
  // English-only pages.
  blogs: { url: "/blogs", loader: {}, title: (t) => `${t("blog.title")} | ${t("brand.name")}` },
  // No such post: its loader fails (the 404 page), and `meta` titles the page itself.
  "blog/:id": { url: "/blog/b-1", title: (t) => page(t, "blog.notFound") },
  "blog/s/:slug": { url: "/blog/s/top-5", title: (t) => page(t, "blog.notFound") },
  "dashboard/blog/add": {
    url: "/dashboard/blog/add",
    loaderData: () => ({ id: undefined }),
    title: (t) => page(t, "blog.addTitle"),
  },
  "dashboard/blog/edit/:id": {
    url: "/dashboard/blog/edit/b-1",
    loaderData: () => ({ id: "b-1" }),
    title: (t) => page(t, "blog.editTitle"),
  },
  sitemap: { url: "/sitemap", loader: {}, title: (t) => page(t, "sitemap.title") },
};

/** Routes that answer with something other than a page of their own (no title to check). */
const NOT_PAGES: Record<string, string> = {
  logout: "posts and redirects",
  "sitemap.xml": "XML for crawlers",
  "sitemaps/:file": "XML for crawlers (a large directory's sitemap files)",
  "robots.txt": "plain text",
  "dashboard/statistics/csv": "a CSV file",
  "restaurant/:slug (routes/redirect.ts)": "permanent redirect",
  "blogs (routes/redirect.ts)": "permanent redirect",
  "blog/:id (routes/redirect.ts)": "permanent redirect",
  "blog/s/:slug (routes/redirect.ts)": "permanent redirect",
  "accessibility (routes/redirect.ts)": "permanent redirect",
  "privacy-policy (routes/redirect.ts)": "permanent redirect",
};

// The dashboard layout has the same path as its index page, which gives the title.
const all = flatten(routes as RouteEntry[]).filter((route) => route.file !== "routes/dashboard/layout.tsx");
const unprefixed = (pattern: string) => pattern.replace(/^(he|en)(\/|$)/, "");
const nameOf = ({ pattern, file }: { pattern: string; file: string }) =>
  file === "routes/redirect.ts" ? `${unprefixed(pattern)} (${file})` : unprefixed(pattern);

let database: TestDatabase;
let services: AppServices;
const cookies: Record<"diner" | "pendingSignIn", string> = {
  diner: "",
  // A sign-in waiting for its second step (the page sends anyone else to the password).
  pendingSignIn: "better-auth.two_factor=waiting",
};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  cookies.diner = (await signedInUser(services, { email: "diner@titles.example", role: "guest" })).cookie;
  await insertRestaurant(database.db, {
    slug: "olive",
    name_en: "Olive",
    name_he: "זית",
    kashrut: "rabanut",
    certificate_body: "rabbinate_tel_aviv",
    certificate_level: "regular",
    certificate_valid_until: "2099-12-31",
  });
});
afterAll(async () => {
  await database?.destroy();
});

type PageModule = {
  loader?: (args: never) => unknown;
  meta?: (args: unknown) => MetaDescriptor[];
};

/** The page's title: from what its loader sent (when it makes its meta) or from the data given to its `meta`. */
async function titleOf(file: string, url: string, spec: (typeof PAGES)[string], language: Language) {
  // The route table names each module by its path under app/.
  const module = (await import(/* @vite-ignore */ `../../app/${file}`)) as PageModule;
  let loaderData = spec.loaderData?.(language);
  if (spec.loader) {
    const outcome = await callRoute(module.loader!, services, url, {
      ...(spec.loader.as ? { cookie: cookies[spec.loader.as] } : {}),
      ...(spec.loader.params ? { params: spec.loader.params } : {}),
    });
    expect(outcome.status, `${url}'s loader answers its page`).toBe(200);
    loaderData = outcome.data;
  }
  const descriptors = module.meta?.({
    location: { pathname: url, search: "", hash: "", state: null, key: "default" },
    params: {},
    loaderData,
    data: loaderData,
    matches: [{ id: "root", data: {} }],
    error: undefined,
  });
  return descriptors?.find((descriptor): descriptor is { title: string } => "title" in descriptor)?.title;
}

describe("page titles", () => {
  it("are listed here for every route of the route table", () => {
    const names = new Set(all.map(nameOf));
    expect([...names].sort()).toEqual([...Object.keys(PAGES), ...Object.keys(NOT_PAGES)].sort());
  });

  const pages = all.filter((route) => nameOf(route) in PAGES);
  it.each(pages.map((route) => [route.pattern || "/", route] as const))(
    "%s has its language's catalogue title",
    async (_name, route) => {
      const spec = PAGES[nameOf(route)]!;
      const language = route.pattern.startsWith("he") ? "he" : "en";
      const url =
        language === "he"
          ? `/he${spec.url === "/" ? "" : spec.url}`
          : spec.url === "/restaurant/olive"
            ? "/en/restaurant/olive"
            : spec.url;
      expect(detectLanguage(url)).toBe(language);
      const title = await titleOf(route.file, url, spec, language);
      expect(title).toBe(spec.title(translator(language), language));
      // No English left on a Hebrew page's title (the test data is Hebrew too).
      if (language === "he") expect(title).not.toMatch(/[A-Za-z]/);
    },
  );
});
