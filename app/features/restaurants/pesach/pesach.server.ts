// Saving one year's Pesach plan (ADR 023) through the restaurants' change path: the editor's
// permission (restaurant:edit, a linked owner or an administrator), a history record, the
// database's change announcement (live updates, the list and page caches).
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import { type Actor, mayEdit, saveRestaurantPesach } from "../editing/index.server";
import type { Restaurant } from "../core";
import { parsePesachForm } from "./editing/pesach-form";

const YEAR = /^20\d\d$/;

/**
 * Sets (or, with status "", removes) a restaurant's plan for Pesach `year` from a posted form.
 * One who may not edit the restaurant is refused first (AppError "forbidden"), whatever the form;
 * an invalid form is refused (AppError "invalid" with each field's message) and nothing changes.
 */
export async function setRestaurantPesach(
  db: Db,
  actor: Actor | null,
  id: string,
  year: string,
  input: Record<string, unknown>,
): Promise<Restaurant> {
  const editor = await mayEdit(db, actor, id);
  if (!YEAR.test(year)) throw new AppError("invalid", "form.invalidValue");
  const parsed = parsePesachForm(input);
  if (!parsed.ok) {
    const fieldErrors = Object.fromEntries(
      Object.entries(parsed.errors).filter(
        (entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined,
      ),
    );
    throw new AppError("invalid", "form.invalid", { fieldErrors });
  }
  return saveRestaurantPesach(db, editor, id, year, parsed.values);
}
