// User administration: list users with their roles, and change a role (admin only; never the last admin).
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { users } from "../../../database/schema/auth";
import { profiles, ROLES, userRoles, type Role } from "../../../database/schema/people";
import type { Db } from "../../../database/types";
import { AppError } from "../../lib/errors";
import { isAdministrator, type Subject } from "../../lib/permissions";
import { assertCan } from "../../lib/permissions.server";

export const USERS_PAGE_SIZE = 20;

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: Date;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(db: Db, { search = "", page = 1 }: { search?: string; page?: number }) {
  const term = search.trim().slice(0, 100);
  const pattern = `%${escapeLike(term)}%`;
  const where = term
    ? or(
        ilike(users.email, pattern),
        ilike(profiles.firstName, pattern),
        ilike(profiles.lastName, pattern),
        ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, pattern),
      )
    : undefined;
  const [totals] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where);
  const total = totals?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: userRoles.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(where)
    .orderBy(asc(users.email))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);
  const list: UserRow[] = rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    role: row.role ?? "guest",
    createdAt: row.createdAt,
  }));
  return { users: list, total, page: current, pages };
}

export class LastAdminError extends AppError {
  override name = "LastAdminError";
  constructor(userId: string) {
    super("conflict", "users.lastAdmin", { subject: userId });
  }
}
export class UserNotFoundError extends AppError {
  override name = "UserNotFoundError";
  constructor(userId: string) {
    super("notFound", "users.none", { subject: userId });
  }
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Sets a user's role (for admins, or SYSTEM from a script). The admins' rows are locked first, so
 * two demotions at once cannot leave none.
 */
export async function setUserRole(db: Db, actor: Subject | null, userId: string, role: Role): Promise<void> {
  assertCan(actor, "users:manage");
  // User ids are text; one with a NUL character cannot exist (nor be queried).
  if (userId.includes("\u0000")) throw new UserNotFoundError(userId);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new UserNotFoundError(userId);
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"))
      .for("update");
    const isAdmin = admins.some((admin) => admin.userId === userId);
    if (isAdmin && !isAdministrator({ role }) && admins.length <= 1) throw new LastAdminError(userId);
    await tx
      .insert(userRoles)
      .values({ userId, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role, updatedAt: new Date() } });
  });
}

export async function countAdmins(db: Db): Promise<number> {
  return db.$count(userRoles, and(eq(userRoles.role, "admin")));
}

export async function roleOf(db: Db, userId: string): Promise<Role> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role ?? "guest";
}
