// The message areas the catalogue is split into (app/page-messages.ts loads them and says which page
// shows which). A file of their own so app/lib and the locales can name them without importing the loader.
export const AREAS = [
  "site",
  "directory",
  "saved",
  "restaurant",
  "account",
  "manage",
  "contribute",
  "review",
  "blog",
] as const;
export type Area = (typeof AREAS)[number];
