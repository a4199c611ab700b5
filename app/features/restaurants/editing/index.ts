// Editing: the restaurant form, its validation, saving and the change history, uploads and owners.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { formFileProblem } from "./form-file";
export { EMPTY_FORM } from "./form-schema";
