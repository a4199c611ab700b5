// English messages: the form's kashrut group and the kashrut disagreements to settle (spread into the manage area, ADR 012).
export const enKashrutModel = {
  "kashrutModel.group": "Kashrut",
} as const;
