// Statistics: page views and counts, and their charts.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export type { TapKind } from "./kinds";
export { tapPing } from "./ping";
