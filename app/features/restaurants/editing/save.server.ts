// Saving and deleting a listing from the dashboard, with what follows the commit: the files the
// change made unused are removed from storage here, after the transaction, so no caller can forget
// them. A file that cannot be deleted is logged, not an error (removeStoredFiles).
import type { AppServices } from "../../../lib/context";
import type { RestaurantFormValues } from "../core";
import type { Actor } from "./changes.server";
import { deleteRestaurant, updateRestaurant, type UpdateResult } from "./manage.server";
import { removeStoredFiles } from "./uploads.server";

/** What a save or a delete needs besides the actor: the database, and the store its unused files leave. */
export type ListingServices = Pick<AppServices, "db" | "files">;

/** Saves the restaurant's form (updateRestaurant), then removes the files it stopped naming that nothing else names. */
export async function saveRestaurant(
  services: ListingServices,
  actor: Actor | null,
  id: string,
  values: RestaurantFormValues,
): Promise<UpdateResult> {
  const result = await updateRestaurant(services.db, actor, id, values);
  await removeStoredFiles(services.files, result.removedFiles);
  return result;
}

/** Deletes the restaurant (deleteRestaurant), then removes its files that nothing else names; returns them. */
export async function removeRestaurant(services: ListingServices, actor: Actor | null, id: string): Promise<string[]> {
  const files = await deleteRestaurant(services.db, actor, id);
  await removeStoredFiles(services.files, files);
  return files;
}
