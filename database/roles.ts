// Roles (spec section 6). Plain data, shared by the database schema, the server and the pages; it sits
// in database/ (the bottom layer) without importing Drizzle, so the browser bundle may import it too.
export const ROLES = ["admin", "owner", "guest"] as const;
export type Role = (typeof ROLES)[number];
