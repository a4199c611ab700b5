// English messages: a register file that cannot be imported (spread into the manage area, ADR 012).
export const enRegisterFile = {
  "registerFile.unknownShape":
    "This file is not a register list we can read: a scraper's CSV, a saved register page, the national portal's JSON or the list of revoked certificates.",
} as const;
