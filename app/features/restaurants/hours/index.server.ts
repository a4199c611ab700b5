// Hours: weekly opening hours, their editing and the open/closed line.
// Its server-only public file (React Router keeps `.server` modules out of the browser); index.ts holds the browser-safe rest.
export type { HoursView } from "./hours-view.server";
export { openLineOf } from "./open-line.server";
