// English messages: where a certificate's facts come from, on the restaurant page (spread into the restaurant area, ADR 012).
export const enRegisterPublic = {
  "registerPublic.reminder": "Only the original, valid certificate displayed at the business proves its kashrut.",
  "registerPublic.source": "Per the Tel Aviv-Yafo Rabbinate's register published on {date}",
  "registerPublic.revokedNote":
    "The Rabbinate's list of revoked certificates names this place. Please check the certificate at the restaurant.",
} as const;
