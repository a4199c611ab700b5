// Practical: price, services and access, their form fields and how the page shows them.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { PracticalFieldset } from "./components/PracticalFieldset";
export { PracticalLine } from "./components/PracticalLine";
export { practicalFields } from "./form-rules";
