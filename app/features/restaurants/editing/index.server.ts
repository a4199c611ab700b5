// Editing: the restaurant form, its validation, saving and the change history, uploads and owners.
// Its server-only public file (React Router keeps `.server` modules out of the browser); index.ts holds the browser-safe rest.
export type { Actor } from "./changes.server";
export { diffRows, record, RestaurantNotFoundError, type DbOrTx } from "./changes.server";
export { createRestaurant, mayEdit, saveRestaurantHours, saveRestaurantPesach } from "./manage.server";
export { addOwner } from "./owners.server";
export { HELD_FILE_DAYS } from "./held-files.server";
