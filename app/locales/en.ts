// The English catalogue, in its areas (ADR 012): `site` (the shell and the public pages),
// `directory` (the home page's search and the cards), `saved` (the Saved page's own words),
// `restaurant` (the restaurant page and its report form), `account` (signing up and in, passwords,
// two-factor sign-in), `manage` (the dashboard and the account page) and `contribute` (suggesting a
// restaurant, claiming a listing, the problem report), `review` (a diner's review, a review's report and
// reply) and `blog` (the blog's pages), so a visitor's browser loads only what the page shows.
// The Hebrew catalogue must have exactly these keys, area by area (checked by the types).
import { enAccount } from "./en/account";
import { enBlog } from "./en/blog";
import { enContribute } from "./en/contribute";
import { enDirectory } from "./en/directory";
import { enManage } from "./en/manage";
import { enRestaurant } from "./en/restaurant";
import { enReview } from "./en/review";
import { enSaved } from "./en/saved";
import { enSite } from "./en/site";
import { enWritten } from "./en/written";

export type SiteKey = keyof typeof enSite;
export type DirectoryKey = keyof typeof enDirectory;
export type SavedKey = keyof typeof enSaved;
export type RestaurantKey = keyof typeof enRestaurant;
export type AccountKey = keyof typeof enAccount;
export type ManageKey = keyof typeof enManage;
export type ContributeKey = keyof typeof enContribute;
export type ReviewKey = keyof typeof enReview;
export type BlogKey = keyof typeof enBlog;
/** Words only the server writes into pages (en/written.ts): in no area, never sent to a browser. */
export type WrittenKey = keyof typeof enWritten;
export type MessageKey =
  | SiteKey
  | DirectoryKey
  | SavedKey
  | RestaurantKey
  | AccountKey
  | ManageKey
  | ContributeKey
  | ReviewKey
  | BlogKey
  | WrittenKey;
export type SiteMessages = Record<SiteKey, string>;
export type DirectoryMessages = Record<DirectoryKey, string>;
export type SavedMessages = Record<SavedKey, string>;
export type RestaurantMessages = Record<RestaurantKey, string>;
export type AccountMessages = Record<AccountKey, string>;
export type ManageMessages = Record<ManageKey, string>;
export type ContributeMessages = Record<ContributeKey, string>;
export type ReviewMessages = Record<ReviewKey, string>;
export type BlogMessages = Record<BlogKey, string>;
export type WrittenMessages = Record<WrittenKey, string>;
export type Messages = Record<MessageKey, string>;

/** Every English message, for the server and the tests; the browser loads an area at a time. */
export const en: Messages = {
  ...enSite,
  ...enDirectory,
  ...enSaved,
  ...enRestaurant,
  ...enAccount,
  ...enManage,
  ...enContribute,
  ...enReview,
  ...enBlog,
  ...enWritten,
};
