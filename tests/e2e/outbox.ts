// The e-mails a browser test's server wrote to its development outbox (DATA_DIR/outbox), as they
// read: quoted-printable parts decoded, Hebrew included. None before the first.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeQuotedPrintable } from "../setup/smtp";

export function readOutbox(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  try {
    return readdirSync(dir).map((name) => decodeQuotedPrintable(readFileSync(path.join(dir, name), "utf8")));
  } catch {
    return [];
  }
}
