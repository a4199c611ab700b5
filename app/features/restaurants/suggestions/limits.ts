// The longest text each field of the suggestion form takes (ADR 023): the rules (rules.ts) and
// the form's maxLength both read it; plain data, so the page does not ship the rules' zod.
export const SUGGESTION_FIELD_MAX = {
  name: 200,
  address: 300,
  kashrut: 200,
  link: 2_000,
  note: 1_000,
  email: 254,
} as const;
