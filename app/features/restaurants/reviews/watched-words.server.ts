// The admins' watched words: words and phrases that hold a review for an admin before it shows
// (the writing side reads them). Stored folded by the search normaliser, so "Scam", "SCAM" and
// "scam" are one word; a duplicate is refused with a message. Admins only ("reviews:moderate").
import { asc, eq } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { reviewWatchedWords } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import { FORM_PARSE, fieldMessages } from "../../../lib/form-rules";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { watchedWordSchema } from "./queue-rules";

export interface WatchedWord {
  word: string;
  addedBy: string | null;
  addedAt: string;
}

/** Every watched word, in alphabetical order (admins only). */
export async function listWatchedWords(db: Db, reader: Subject | null): Promise<WatchedWord[]> {
  assertCan(reader, "reviews:moderate");
  const rows = await db
    .select({ word: reviewWatchedWords.word, addedBy: users.email, addedAt: reviewWatchedWords.created_at })
    .from(reviewWatchedWords)
    .leftJoin(users, eq(users.id, reviewWatchedWords.added_by))
    .orderBy(asc(reviewWatchedWords.word));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

/** Adds a word or phrase as typed (folded before it is stored); returns it as stored. */
export async function addWatchedWord(
  db: Db,
  admin: (Subject & { id: string }) | null,
  typed: string,
  now = new Date(),
): Promise<string> {
  assertCan(admin, "reviews:moderate");
  const parsed = watchedWordSchema.safeParse({ word: typed }, FORM_PARSE);
  if (!parsed.success) {
    const message = fieldMessages<"word">(parsed.error.issues).word ?? "reviewQueue.wordTooShort";
    throw new AppError("invalid", message, { fieldErrors: { word: message } });
  }
  const { word } = parsed.data;
  const inserted = await db
    .insert(reviewWatchedWords)
    .values({ word, added_by: admin.id, created_at: now })
    .onConflictDoNothing()
    .returning({ word: reviewWatchedWords.word });
  if (inserted.length === 0)
    throw new AppError("conflict", "reviewQueue.wordExists", {
      values: { word },
      fieldErrors: { word: "reviewQueue.wordExists" },
    });
  return word;
}

/** Removes a word (as stored); a word not on the list is "not found". */
export async function removeWatchedWord(db: Db, admin: Subject | null, word: string): Promise<void> {
  assertCan(admin, "reviews:moderate");
  // From a form: a NUL cannot be stored, so it cannot be on the list (PostgreSQL refuses to compare one).
  const removed = word.includes("\u0000")
    ? []
    : await db
        .delete(reviewWatchedWords)
        .where(eq(reviewWatchedWords.word, word))
        .returning({ word: reviewWatchedWords.word });
  if (removed.length === 0) throw new AppError("notFound", "reviewQueue.wordNotFound", { subject: word });
}
