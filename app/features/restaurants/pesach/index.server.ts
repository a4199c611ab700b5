// Pesach: the Passover plans of a place, their editing and marks.
// Its server-only public file (React Router keeps `.server` modules out of the browser); index.ts holds the browser-safe rest.
export type { PesachText } from "./section.server";
