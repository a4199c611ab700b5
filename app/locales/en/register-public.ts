// English messages: where a certificate's facts come from, on the restaurant page (spread into the restaurant area, ADR 012).
export const enRegisterPublic = {
  "registerPublic.reminder": "Only the original, valid certificate displayed at the business proves its kashrut.",
} as const;
