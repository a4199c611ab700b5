// English messages: a listing's revocation on the editor page, and the refusals of applying a revoked
// list or deciding a listing the register no longer lists (spread into the manage area, ADR 012).
export const enRegisterAdmin = {
  "registerAdmin.revokedTitle": "Certificate revoked",
  "registerAdmin.revokedText":
    "The Rabbinate's list of revoked certificates of {date} names this listing, so its page says the certificate is revoked. A later register does not undo this; only an admin can, here.",
  "registerAdmin.clear": "Clear the revocation",
  "registerAdmin.cleared": "The revocation is cleared; the listing reads by its certificate's date again.",
  "registerAdmin.clearFailed": "The revocation could not be cleared. Reload the page and try again.",
  "registerAdmin.snapshotNotFound": "This register snapshot no longer exists. Reload the page.",
  "registerAdmin.notRevokedList": "This snapshot is not a list of revoked certificates.",
  "registerAdmin.notCompleteRegister":
    "Only a complete register (not a partial or revoked list) can flag missing listings.",
  "registerAdmin.alreadyDecided": "This listing has been decided for this register already. Reload the page.",
  "registerAdmin.notFlagged": "This listing is not flagged for this register.",
} as const;
