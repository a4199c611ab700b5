// English messages: the form's kashrut group and the kashrut disagreements to settle (spread into the manage area, ADR 012).
export const enKashrutModel = {
  "kashrutModel.group": "Kashrut",
  "kashrutModel.hint":
    "Who supervises the kitchen, at what level, and until when. The kashrut shown on the site (Rabanut, Mehadrin, Tzohar or Unknown) follows from the body and the level.",
  "kashrutModel.bodyUnknown": "Unknown",
  "kashrutModel.derived": "Shown on the site as: {kashrut}",
  "kashrutModel.kind": "Meat, dairy or parve",
  "kashrutModel.kindUnknown": "Not known",
  "kashrutModel.kind.meat": "Meat",
  "kashrutModel.kind.dairy": "Dairy",
  "kashrutModel.kind.parve": "Parve",
  "kashrutModel.kindInvalid": "Choose meat, dairy or parve from the list.",
  // The admins' list of listings whose two kashrut inputs disagreed.
  "kashrutModel.nav": "Kashrut to settle",
  "kashrutModel.openCount": "{count} to settle",
  "kashrutModel.title": "Kashrut to settle",
  "kashrutModel.intro":
    "When the kashrut value and the certificate became one set of facts, these listings' two inputs disagreed. Until you choose, the site keeps showing the kashrut value. Saving the listing's form settles it too.",
  "kashrutModel.none": "Nothing to settle: every listing's kashrut agrees with its certificate.",
  "kashrutModel.stored": "Kashrut value",
  "kashrutModel.certificate": "Certificate",
  "kashrutModel.levelNotGiven": "level not given",
  "kashrutModel.readsAs": "reads as {kashrut}",
  "kashrutModel.keepCertificate": "Keep the certificate: {kashrut}",
  "kashrutModel.keepKashrut": "Keep the Kashrut value: {kashrut}",
  "kashrutModel.settled": "Settled. The listing's kashrut and certificate now agree.",
  "kashrutModel.notFound": "This listing has nothing left to settle.",
  "kashrutModel.choiceInvalid": "Choose which of the two to keep.",
  "kashrutModel.edit": "Edit the listing",
} as const;
