// Drafts kept in the browser (ADR 021): what a user typed in a long form survives a reload, a
// closed tab or a failed save, in this browser only. One hook for every form that keeps one:
//   - on mount, and when the tab comes back into view (another tab may have changed it), a kept
//     draft that differs from the form's values is handed to `onRestore`;
//   - every change the user makes is kept (the values the form started with, or a restored draft,
//     are not written back);
//   - `clear()` when the form is sent, `save(values)` to put it back when the save failed.
// Local storage may be missing (the server), refused (privacy settings) or full: the form then
// simply keeps no draft. A draft that is not JSON, or not of the form's shape, is dropped.
import { useEffect, useEffectEvent, useMemo, useRef } from "react";

/** The part of the Web Storage API a draft needs (local storage, or a test's stand-in). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's local storage, or null where there is none or it may not be used. */
function browserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // A SecurityError where the user blocks site data.
    return null;
  }
}

export interface LocalDraft<T> {
  /** The kept draft; null when there is none, it cannot be read, or it is not of the form's shape. */
  load(): T | null;
  save(values: T): void;
  clear(): void;
}

/**
 * One key's draft. `read` turns a parsed JSON value into the form's values, or null when it is not
 * a draft of this form (it may fill in fields added since the draft was kept).
 */
export function localDraft<T>(
  key: string,
  read: (value: unknown) => T | null,
  storage: () => DraftStorage | null = browserStorage,
): LocalDraft<T> {
  const attempt = (step: (store: DraftStorage) => void) => {
    try {
      const store = storage();
      if (store) step(store);
    } catch {
      // Full, or refused: no draft this time.
    }
  };
  return {
    load() {
      let raw: string | null = null;
      attempt((store) => (raw = store.getItem(key)));
      if (raw === null) return null;
      try {
        return read(JSON.parse(raw));
      } catch {
        // Not JSON (cut short, or written by something else): dropped, never restored.
        attempt((store) => store.removeItem(key));
        return null;
      }
    },
    save(values) {
      attempt((store) => store.setItem(key, JSON.stringify(values)));
    },
    clear() {
      attempt((store) => store.removeItem(key));
    },
  };
}

/**
 * What the hook decides, without React: which draft to restore and which values to keep. `values`
 * are the form's values at the start; the same object (or a restored draft) is never written.
 */
export function draftSession<T>(draft: LocalDraft<T>, values: T) {
  // The form may render its starting values once more after a draft was restored: neither is written.
  const untouched: T[] = [values];
  return {
    /** The kept draft when it differs from the form's current values (then it counts as untouched). */
    restore(current: T): T | null {
      const kept = draft.load();
      if (kept === null || JSON.stringify(kept) === JSON.stringify(current)) return null;
      untouched.push(kept);
      return kept;
    },
    /** The form's values after a render: kept unless they are the ones it started with or restored. */
    changed(next: T): void {
      if (!untouched.includes(next)) draft.save(next);
    },
  };
}

export interface LocalDraftOptions<T> {
  /** The parsed JSON as this form's values, or null when it is not a draft of this form (a module-level function). */
  read: (value: unknown) => T | null;
  /** A kept draft that differs from the form's values: put it in the form (and say so). */
  onRestore: (draft: T) => void;
}

/**
 * Keeps `values` as the draft under `key` while the user changes them, and offers a kept draft
 * back through `onRestore`. Returns `clear` (the form was sent) and `save` (the save failed: keep
 * what was sent).
 */
export function useLocalDraft<T>(
  key: string,
  values: T,
  { read, onRestore }: LocalDraftOptions<T>,
): Pick<LocalDraft<T>, "clear" | "save"> {
  const draft = useMemo(() => localDraft(key, read), [key, read]);
  const session = useRef<ReturnType<typeof draftSession<T>> | null>(null);

  const restore = useEffectEvent(() => {
    session.current ??= draftSession(draft, values);
    const kept = session.current.restore(values);
    if (kept !== null) onRestore(kept);
  });
  useEffect(() => {
    session.current = draftSession(draft, values);
    // Local storage exists only after hydration: restoring is syncing from an external system.
    restore();
    const onVisible = () => {
      if (document.visibilityState === "visible") restore();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
    // The values the form has when the key changes are its start: not a reason to run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  useEffect(() => {
    session.current?.changed(values);
  }, [values]);

  return { clear: draft.clear, save: draft.save };
}
