// Register: the Rabbinate's published register read from a file, paired with the listings, kept as
// dated snapshots and applied by an admin (ADR 033).
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export {
  applyEntryChange,
  applyRenewal,
  confirmEntry,
  discardSnapshot,
  dismissEntry,
  markApplied,
  sendLeads,
  undoRenewal,
  type AppliedRenewal,
} from "./apply.server";
export { importRegister, OVERRIDE_REASON_MAX, type ImportedRegister, type RegisterUpload } from "./import.server";
export { MATCH_REASONS, matchEntries, type MatchReason } from "./match.server";
export { decideMissing, flagMissing } from "./missing.server";
export {
  isEatery,
  parseRegisterFile,
  partialReason,
  REGISTER_FILE_MAX_BYTES,
  REGISTER_MAX_ENTRIES,
} from "./parse.server";
export {
  ENTRIES_PER_PAGE,
  listSnapshots,
  reviewEntries,
  snapshotOverview,
  type FlaggedListing,
  type ReviewEntry,
  type SnapshotOverview,
  type SnapshotRow,
} from "./review.server";
export { applyRevocations, clearRevocation } from "./revocations.server";
export type { RegisterServices } from "./services";
export type { EntryMatch, ListingForMatch, ParsedRegister, RegisterEntryRead } from "./types";
