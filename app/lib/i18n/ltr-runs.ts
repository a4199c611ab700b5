// Runs of left-to-right text inside a sentence (a web address, a phone number), found so that a
// Hebrew sentence can isolate them: "03-555-1234" keeps its order and does not break across lines.
// Pure, so it is unit tested.

/** A web address (up to its last character that is not punctuation), or a phone number of 7 or more digits and dashes. */
const LTR_RUN = /(https?:\/\/\S*[^\s.,;:!?)]|\+?\d[\d-]{5,}\d)/;

/** The text in pieces, each left-to-right run on its own (`ltr: true`). */
export function ltrRuns(text: string): { text: string; ltr: boolean }[] {
  return text
    .split(LTR_RUN)
    .map((part, index) => ({ text: part, ltr: index % 2 === 1 }))
    .filter((part) => part.text !== "");
}
