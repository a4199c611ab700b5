// The Hebrew catalogue, in the same areas as the English one (ADR 012).
import type { Messages } from "./en";
import { heAccount } from "./he/account";
import { heBlog } from "./he/blog";
import { heContribute } from "./he/contribute";
import { heDirectory } from "./he/directory";
import { heManage } from "./he/manage";
import { heRestaurant } from "./he/restaurant";
import { heReview } from "./he/review";
import { heSaved } from "./he/saved";
import { heSite } from "./he/site";
import { heWritten } from "./he/written";

/** Every Hebrew message, for the server and the tests; the browser loads an area at a time. */
export const he: Messages = {
  ...heSite,
  ...heDirectory,
  ...heSaved,
  ...heRestaurant,
  ...heAccount,
  ...heManage,
  ...heContribute,
  ...heReview,
  ...heBlog,
  ...heWritten,
};
