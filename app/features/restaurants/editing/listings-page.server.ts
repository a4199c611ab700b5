// The dashboard's first page (/dashboard): the listings the user manages, each with how fresh its
// verification is, and deleting one (admins). The route checks the dashboard's rule and renders;
// removing the deleted listing's files after the commit is removeRestaurant's.
import { actionError } from "../../../lib/action-error.server";
import type { AppServices } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { readFormData } from "../../../lib/form-data.server";
import { can } from "../../../lib/permissions";
import { pageOf, redirectWithToast } from "../../../lib/toast.server";
import { freshnessClock, freshnessOf } from "../core";
import { listRestaurantsForUser } from "../core/index.server";
import type { Actor } from "./changes.server";
import { removeRestaurant } from "./save.server";
import { formText } from "../../../lib/form-rules";

/** The page's data: the viewer's listings (all of them for admins) and whether they may delete. */
export async function listingsPage(services: Pick<AppServices, "db" | "settings">, viewer: Actor) {
  const list = await listRestaurantsForUser(services.db, viewer);
  // Judged here, on Tel Aviv's day, so the server's HTML and the hydrated page agree (ADR 014).
  const { settings } = services;
  const clock = freshnessClock(settings.verificationMaxAgeDays, undefined, settings.certificateGraceDays);
  return {
    canDelete: can(viewer, "restaurant:delete"),
    restaurants: list.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      address: r.address,
      kashrut: r.kashrut,
      tags: r.tags,
      closed: r.isPermanentlyClosed,
      freshness: freshnessOf(r.lastVerified, clock),
      lastVerified: r.lastVerified,
    })),
  };
}

/** One listing as the page shows it. */
export type ListingRow = Awaited<ReturnType<typeof listingsPage>>["restaurants"][number];

/** Deletes the listing the form names (admins); back to the page with a toast, or the refusal. */
export async function listingsAction(services: AppServices, viewer: Actor, request: Request) {
  const form = await readFormData(request);
  const readString = formText(form);
  try {
    if (readString("intent") !== "delete") throw new AppError("invalid", "manage.deleteFailed");
    // Owners see no delete button; a crafted request is refused in the page's words (403).
    if (!can(viewer, "restaurant:delete")) throw new AppError("forbidden", "manage.onlyAdminsDelete");
    // Its files nothing else names are removed after the commit; one that cannot be is logged.
    await removeRestaurant(services, viewer, readString("id"));
  } catch (error) {
    return actionError(error, {
      log: "[dashboard] delete failed:",
      fallback: "manage.deleteFailed",
      messages: { notFound: "manage.deleteFailed" },
    });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: "manage.deleted" });
}
