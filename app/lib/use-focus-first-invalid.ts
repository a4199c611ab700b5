// After a failed send, the person is taken to the first field in error: focused, and scrolled to
// the middle of the screen (on a phone a long form's field may be thousands of pixels away from
// the button that was pressed). A field in error is one marked `aria-invalid="true"` (the field
// primitives mark them), in the order of the page.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** Focuses the first field in error inside `root`; false when there is none. */
export function focusFirstInvalid(root: ParentNode | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
  return true;
}

/**
 * A ref for the form, and a function to call when a send failed: after the next render (when the
 * messages are shown) the first field in error gets the focus.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  focusFirstInvalidLater: () => void;
} {
  const ref = useRef<T | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) focusFirstInvalid(ref.current);
  }, [asked]);
  const focusFirstInvalidLater = useCallback(() => setAsked((count) => count + 1), []);
  return { ref, focusFirstInvalidLater };
}
