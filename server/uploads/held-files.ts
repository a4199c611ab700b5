// The guard in front of /uploads: a file held by a claim or a suggestion is answered only to the
// admins who decide them (uncached: the storage reads `res.locals.privateFile`), and to anyone else
// as a plain 404, as if it were not there; every other file goes on to the storage as before. The
// rule itself is the domain's (heldFileAccess, which asks the rule book).
import type { RequestHandler } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { roleOf } from "../../app/features/accounts/users.server";
import { heldFileAccess } from "../../app/features/restaurants/editing/held-files.server";
import type { Auth } from "../../app/lib/auth.server";
import type { Db } from "../../database/types";
import { isValidStorageKey, PRIVATE_FILE_CACHE_CONTROL, UPLOADS_PUBLIC_BASE } from "./storage";

export function heldFilesGuard({
  db,
  auth,
  requireTwoFactorForAdmins,
}: {
  db: Db;
  auth: Auth;
  requireTwoFactorForAdmins: boolean;
}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      key = "";
    }
    // Not a name the storage could have made (a broken encoding, a NUL, a way out): it answers 404 itself.
    if (!isValidStorageKey(key)) return next();
    const url = `${UPLOADS_PUBLIC_BASE}/${key}`;
    const reader = async () => {
      const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      if (!session) return null;
      return { role: await roleOf(db, session.user.id), twoFactorEnabled: session.user.twoFactorEnabled === true };
    };
    heldFileAccess(db, url, reader, { requireTwoFactorForAdmins }).then(
      (access) => {
        if (access === "public") return next();
        // Whoever asks, the answer depends on the session: never stored on the way.
        res.set({ "Cache-Control": PRIVATE_FILE_CACHE_CONTROL, Vary: "Cookie" });
        if (access === "refused") {
          res.status(404).type("text/plain; charset=utf-8").send("Not found");
          return;
        }
        res.locals.privateFile = true;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
