// Roles (spec section 6). Plain data, shared by the database schema, the server and the pages.
export const ROLES = ["admin", "owner", "guest"] as const;
export type Role = (typeof ROLES)[number];
