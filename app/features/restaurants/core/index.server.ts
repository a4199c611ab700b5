// The restaurants core's server-only public file (React Router keeps `.server` modules out of the browser):
// the queries that load listings. index.ts holds the browser-safe rest.
export {
  getRestaurantBySlug,
  listRestaurants,
  listRestaurantsForUser,
  loadPublicHistory,
  ownerEmailsOf,
} from "./queries.server";
