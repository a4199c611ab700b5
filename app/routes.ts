import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The same page at its English path and under /he, with distinct route ids. */
function bilingual(path: string, file: string, id: string) {
  return [route(path, file, { id: `${id}-en` }), route(`he/${path}`, file, { id: `${id}-he` })];
}

function dashboard(prefix: string, suffix: string) {
  return route(`${prefix}dashboard`, "routes/dashboard/layout.tsx", { id: `dashboard-${suffix}` }, [
    index("routes/dashboard/index.tsx", { id: `dashboard-index-${suffix}` }),
    route("add", "routes/dashboard/restaurant.tsx", { id: `dashboard-add-${suffix}` }),
    route("edit/:id", "routes/dashboard/restaurant.tsx", { id: `dashboard-edit-${suffix}` }),
    route("edit/:id/hours", "routes/dashboard/hours.tsx", { id: `dashboard-hours-${suffix}` }),
    route("edit/:id/pesach", "routes/dashboard/pesach.tsx", { id: `dashboard-pesach-${suffix}` }),
    route("users", "routes/dashboard/users.tsx", { id: `dashboard-users-${suffix}` }),
    route("reports", "routes/dashboard/reports.tsx", { id: `dashboard-reports-${suffix}` }),
    // The certificates ending and ended (admins).
    route("certificates", "routes/dashboard/certificates.tsx", { id: `dashboard-certificates-${suffix}` }),
    // The listings whose kashrut value and certificate disagreed, to settle (admins).
    route("kashrut", "routes/dashboard/kashrut.tsx", { id: `dashboard-kashrut-${suffix}` }),
    route("claims", "routes/dashboard/claims.tsx", { id: `dashboard-claims-${suffix}` }),
    route("suggestions", "routes/dashboard/suggestions.tsx", { id: `dashboard-suggestions-${suffix}` }),
    // The Rabbinate's register: imports, and one snapshot's review (admins).
    route("register", "routes/dashboard/register.tsx", { id: `dashboard-register-${suffix}` }),
    route("register/:id", "routes/dashboard/register-review.tsx", { id: `dashboard-register-review-${suffix}` }),
    // Views and taps per listing (owners: theirs; admins: all), and their CSV.
    route("statistics", "routes/dashboard/statistics.tsx", { id: `dashboard-statistics-${suffix}` }),
    route("statistics/csv", "routes/dashboard/statistics-csv.ts", { id: `dashboard-statistics-csv-${suffix}` }),
    // The home page's searches that found nothing (admins).
    route("searches", "routes/dashboard/searches.tsx", { id: `dashboard-searches-${suffix}` }),
    // Reviews held or reported, to decide, and the watched words (admins).
    route("reviews", "routes/dashboard/reviews.tsx", { id: `dashboard-reviews-${suffix}` }),
    route("reviews/words", "routes/dashboard/review-words.tsx", { id: `dashboard-review-words-${suffix}` }),
  ]);
}

// The spec's route table (section 2). English pages are unprefixed except restaurant pages.
export default [
  index("routes/home.tsx", { id: "home-en" }),
  route("he", "routes/home.tsx", { id: "home-he" }),
  route("en/restaurant/:slug", "routes/restaurant.tsx", { id: "restaurant-en" }),
  route("he/restaurant/:slug", "routes/restaurant.tsx", { id: "restaurant-he" }),
  route("en/restaurant/:slug/report", "routes/report.tsx", { id: "report-en" }),
  route("he/restaurant/:slug/report", "routes/report.tsx", { id: "report-he" }),
  route("en/restaurant/:slug/claim", "routes/claim.tsx", { id: "claim-en" }),
  // A diner's review of the place (write, edit, delete), and a review's report and owner's reply.
  route("en/restaurant/:slug/review", "routes/review.tsx", { id: "review-en" }),
  route("he/restaurant/:slug/review", "routes/review.tsx", { id: "review-he" }),
  route("en/restaurant/:slug/reviews/:id/report", "routes/review-report.tsx", { id: "review-report-en" }),
  route("he/restaurant/:slug/reviews/:id/report", "routes/review-report.tsx", { id: "review-report-he" }),
  route("en/restaurant/:slug/reviews/:id/reply", "routes/review-reply.tsx", { id: "review-reply-en" }),
  route("he/restaurant/:slug/reviews/:id/reply", "routes/review-reply.tsx", { id: "review-reply-he" }),
  route("he/restaurant/:slug/claim", "routes/claim.tsx", { id: "claim-he" }),
  ...bilingual("suggest", "routes/suggest.tsx", "suggest"),
  // A diner's saved places (and where every Save button posts).
  ...bilingual("saved", "routes/saved.tsx", "saved"),
  route("accessibility", "routes/legal.tsx", { id: "accessibility-en" }),
  route("he/accessibility", "routes/legal.tsx", { id: "accessibility-he" }),
  route("privacy-policy", "routes/legal.tsx", { id: "privacy-en" }),
  // What reviews are held for and why, and how they are moderated.
  ...bilingual("review-policy", "routes/review-policy.tsx", "review-policy"),
  route("he/privacy-policy", "routes/legal.tsx", { id: "privacy-he" }),
  ...bilingual("login", "routes/login.tsx", "login"),
  ...bilingual("login/two-factor", "routes/login-two-factor.tsx", "login-two-factor"),
  ...bilingual("signup", "routes/signup.tsx", "signup"),
  ...bilingual("forgot-password", "routes/forgot-password.tsx", "forgot-password"),
  ...bilingual("reset-password", "routes/reset-password.tsx", "reset-password"),
  ...bilingual("verify-email", "routes/verify-email.tsx", "verify-email"),
  ...bilingual("account", "routes/account.tsx", "account"),
  // Alerts for saved places: the settings, and the unsubscribe page every digest links to.
  ...bilingual("account/alerts", "routes/account-alerts.tsx", "account-alerts"),
  ...bilingual("account/alerts/unsubscribe", "routes/alerts-unsubscribe.tsx", "alerts-unsubscribe"),
  route("logout", "routes/logout.ts"),
  route("blogs", "routes/blogs.tsx"),
  route("blog/:id", "routes/blog-post.tsx", { id: "blog-by-id" }),
  route("blog/s/:slug", "routes/blog-post.tsx", { id: "blog-by-slug" }),
  route("dashboard/blog/add", "routes/blog-editor.tsx", { id: "blog-add" }),
  route("dashboard/blog/edit/:id", "routes/blog-editor.tsx", { id: "blog-edit" }),
  dashboard("", "en"),
  dashboard("he/", "he"),
  ...bilingual("sitemap", "routes/sitemap.tsx", "sitemap"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("sitemaps/:file", "routes/sitemap-file.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  // Permanent redirects from the spec's route table.
  route("restaurant/:slug", "routes/redirect.ts", { id: "redirect-restaurant" }),
  route("he/blogs", "routes/redirect.ts", { id: "redirect-he-blogs" }),
  route("he/blog/:id", "routes/redirect.ts", { id: "redirect-he-blog" }),
  route("he/blog/s/:slug", "routes/redirect.ts", { id: "redirect-he-blog-slug" }),
  route("en/accessibility", "routes/redirect.ts", { id: "redirect-en-accessibility" }),
  route("en/privacy-policy", "routes/redirect.ts", { id: "redirect-en-privacy" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
