// Which places the visitor has saved (issue 30): the account's list, which the root loader sends
// to a signed-in viewer, or else this device's (device.ts).
import { useRouteLoaderData } from "react-router";
import { useDeviceSlugs } from "./device";

export interface Saved {
  /** Signed in: the list is the account's, and saving posts to the server. */
  inAccount: boolean;
  slugs: readonly string[];
}

export function useSaved(): Saved {
  // The root route's data, read by its shape (a feature does not import the root module).
  const account = (useRouteLoaderData("root") as { saved?: string[] | null } | undefined)?.saved ?? null;
  const device = useDeviceSlugs();
  return account === null ? { inAccount: false, slugs: device } : { inAccount: true, slugs: account };
}
