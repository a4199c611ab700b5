// Saved: the places a visitor keeps, on the device or in an account, and the save button.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { SaveButton } from "./components/SaveButton";
export { MAX_SAVED, isPlaceSlug } from "./device";
