// Alerts: the e-mail digest of changes to saved places.
// Its server-only public file (React Router keeps `.server` modules out of the browser); index.ts holds the browser-safe rest.
export { snapshotNewlySaved } from "./snapshots.server";
