// How big a register file may be. Plain data, so the upload form can say it and the upload can stop early.

/** The largest register file read (bytes). The whole register (about 1,100 businesses) is well under 2 MB in any shape. */
export const REGISTER_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The most businesses one file may list: ten times the register, so a wrong file is refused before matching. */
export const REGISTER_MAX_ENTRIES = 10_000;

/** The longest text one field may hold (a name, a type, an address, a phone). */
export const REGISTER_FIELD_MAX = 300;
