/**
 * Asking before typed changes are thrown away (issue 12, item 9): the rules, without UI.
 * The spec has no words for it, so the texts are ours.
 */
export const DISCARD_TEXT = {
  title: 'Discard changes?',
  body: 'The changes you typed will be lost.',
  keep: 'Keep Editing',
  discard: 'Discard',
} as const;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/**
 * Whether a form's values differ from the ones it was opened with: compared field by field
 * (nested objects and lists too), where '', null and undefined all mean "nothing", so typing
 * a letter and deleting it again is no change. A file (Blob) is compared by identity: choosing
 * one is a change (its own properties are not enumerable, so it would otherwise look empty).
 */
export function hasTypedChanges(values: unknown, opened: unknown): boolean {
  if (isEmpty(values) && isEmpty(opened)) return false;
  // A chosen file (a photo, a PDF) is a change until the form holds the one it was opened with.
  if (isFile(values) || isFile(opened)) return values !== opened;
  if (values instanceof Date || opened instanceof Date) {
    return !(values instanceof Date && opened instanceof Date && values.getTime() === opened.getTime());
  }
  if (Array.isArray(values) || Array.isArray(opened)) {
    if (!Array.isArray(values) || !Array.isArray(opened)) return true;
    if (values.length !== opened.length) return true;
    return values.some((v, i) => hasTypedChanges(v, opened[i]));
  }
  if (typeof values === 'object' && values !== null && typeof opened === 'object' && opened !== null) {
    const a = values as Record<string, unknown>;
    const b = opened as Record<string, unknown>;
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].some((key) => hasTypedChanges(a[key], b[key]));
  }
  if (typeof values === 'object' && values !== null) return hasTypedChanges(values, {});
  if (typeof opened === 'object' && opened !== null) return hasTypedChanges({}, opened);
  return !Object.is(values, opened);
}

/**
 * What a request to close a form dialog (Cancel, Close, Escape, the backdrop, the browser's
 * Back) does: nothing while saving, ask first when something was typed, else close at once.
 */
export function closeRequest({ saving, dirty }: { saving: boolean; dirty: boolean }): 'stay' | 'confirm' | 'close' {
  if (saving) return 'stay';
  return dirty ? 'confirm' : 'close';
}

/** The forms inside one dialog, each able to say whether it holds typed changes. */
export interface DirtyForms {
  /** Registers a form (by a key of its own, e.g. its react-hook-form control; registering twice counts once). Returns the unregister. */
  add(key: object, isDirty: () => boolean): () => void;
  /** Whether any registered form holds typed changes. */
  isDirty(): boolean;
}

export function createDirtyForms(): DirtyForms {
  const forms = new Map<object, { isDirty: () => boolean; count: number }>();
  return {
    add(key, isDirty) {
      const entry = forms.get(key);
      if (entry) {
        entry.count += 1;
        entry.isDirty = isDirty;
      } else forms.set(key, { isDirty, count: 1 });
      return () => {
        const current = forms.get(key);
        if (!current) return;
        current.count -= 1;
        if (current.count <= 0) forms.delete(key);
      };
    },
    isDirty() {
      for (const { isDirty } of forms.values()) if (isDirty()) return true;
      return false;
    },
  };
}

/**
 * Every form open in the app, app-wide: a form dialog adds its forms while it is open (a form
 * outside any dialog adds itself). The update notice reads it, so that 'A new version is
 * ready' never shows while something typed would be lost by reloading (issue 17).
 */
export interface OpenForms extends DirtyForms {
  /** Called whenever a form is added or removed (its changes are read with `isDirty`). */
  subscribe(listener: () => void): () => void;
}

export function createOpenForms(): OpenForms {
  const forms = createDirtyForms();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    add(key, isDirty) {
      const remove = forms.add(key, isDirty);
      changed();
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        remove();
        changed();
      };
    },
    isDirty: () => forms.isDirty(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one list of open forms. */
export const openForms = createOpenForms();
