// What changed at a saved place since its account was last told (for the saved places' alerts): the facts
// kept in its snapshot against the facts now. Pure, so it is unit tested. A place changed and
// changed back before the digest has nothing to say; a place seen for the first time has no
// snapshot and says nothing either (the job records one).
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";

/** The facts an alert is about, as kept in a snapshot. */
export interface PlaceFacts {
  /** The listing's kashrut value (rabanut, mehadrin, tzohar, unknown). */
  kashrut: string;
  /** Who supervises it (the certificate's body); null: not given. */
  certificateBody: CertificateBody | null;
  certificateLevel: CertificateLevel | null;
  /** Permanently closed. */
  closed: boolean;
  /** The certificate's last valid day is before today in Tel Aviv (see `isCertificateExpired`). */
  certificateExpired: boolean;
}

/** The facts now, with the certificate's last valid day (said when it expires or is renewed). */
export interface CurrentFacts extends PlaceFacts {
  validUntil: string | null;
}

export type PlaceChange =
  | { kind: "kashrut"; from: string; to: string }
  | { kind: "authority"; from: CertificateBody | null; to: CertificateBody | null }
  | { kind: "level"; from: CertificateLevel | null; to: CertificateLevel | null }
  | { kind: "closed" }
  | { kind: "reopened" }
  | { kind: "expired"; validUntil: string }
  | { kind: "renewed"; validUntil: string };

/** "none" and not given are the same for an alert: no supervising body. */
const bodyOf = (body: CertificateBody | null): CertificateBody | null => (body === "none" ? null : body);

/**
 * Expired for an alert: a supervising body and a last valid day before `today` (a Tel Aviv
 * yyyy-MM-dd day). Stricter than the pages' "renewal pending" grace: the diner is told the day after
 * the last valid day.
 */
export function isCertificateExpired(body: CertificateBody | null, validUntil: string | null, today: string): boolean {
  return bodyOf(body) !== null && validUntil !== null && validUntil < today;
}

/** What changed from the snapshot to now, in a fixed order (kashrut, authority, level, closed, certificate). */
export function changesSince(snapshot: PlaceFacts, now: CurrentFacts): PlaceChange[] {
  const changes: PlaceChange[] = [];
  if (snapshot.kashrut !== now.kashrut) changes.push({ kind: "kashrut", from: snapshot.kashrut, to: now.kashrut });
  const [fromBody, toBody] = [bodyOf(snapshot.certificateBody), bodyOf(now.certificateBody)];
  if (fromBody !== toBody) changes.push({ kind: "authority", from: fromBody, to: toBody });
  if (snapshot.certificateLevel !== now.certificateLevel)
    changes.push({ kind: "level", from: snapshot.certificateLevel, to: now.certificateLevel });
  if (snapshot.closed !== now.closed) changes.push(now.closed ? { kind: "closed" } : { kind: "reopened" });
  if (!snapshot.certificateExpired && now.certificateExpired && now.validUntil)
    changes.push({ kind: "expired", validUntil: now.validUntil });
  // Renewed: valid again under a body (a body taken away is said as the authority's change).
  if (snapshot.certificateExpired && !now.certificateExpired && toBody !== null && now.validUntil)
    changes.push({ kind: "renewed", validUntil: now.validUntil });
  return changes;
}
