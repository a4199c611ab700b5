// Pesach: the Passover plans of a place, their editing and marks.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { PesachMark } from "./components/PesachMark";
export { PesachSection } from "./components/PesachSection";
export { pesachExceptions } from "./hours";
export { PESACH_KOSHER, PESACH_PARAM, forCardPesach, kosherForPesach, type PesachSeason } from "./pesach";
