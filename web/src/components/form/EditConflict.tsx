import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { mergeEditConflict, nowSavedText, type ChangedField } from './edit-conflict';

/** The ink of 'Now saved: …' (dark amber, 6.8:1 on white): set apart from help and errors. */
export const SAVED_VALUE_COLOR = '#8A4B00';

const SavedValues = createContext<ReadonlyMap<string, ChangedField>>(new Map());

/** Gives the form's fields what someone else saved (after a 409 `edit_conflict`), by path. */
export function SavedValuesProvider({ changed, children }: { changed: readonly ChangedField[]; children: ReactNode }) {
  return <SavedValues.Provider value={new Map(changed.map((c) => [c.path, c]))}>{children}</SavedValues.Provider>;
}

/** What someone else saved in the field at `path` since the form was opened, if anything. */
export function useSavedValue(path: string): ChangedField | undefined {
  return useContext(SavedValues).get(path);
}

/**
 * A field's text under it: its error (or help), then 'Now saved: …' when someone else saved
 * another value meanwhile. Both are the field's accessible description.
 */
export function helpWithSavedValue(main: string | undefined, savedShown: string | undefined): ReactNode {
  if (savedShown === undefined) return main;
  return (
    <>
      {main && (
        <Box component="span" sx={{ display: 'block' }}>
          {main}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', color: SAVED_VALUE_COLOR, fontWeight: 500 }} data-testid="saved-value">
        {nowSavedText(savedShown)}
      </Box>
    </>
  );
}

/** A changed field as the alert lists it: its label and the id of its input (to go to it). */
export interface ConflictFieldLink {
  label: string;
  inputId: string;
}

/**
 * The alert at the top of a form after a 409 `edit_conflict`: the server's message, and the
 * fields someone else changed, each a link to the field (on a phone the form is long).
 * Announced to screen readers and scrolled into view when it appears.
 */
export function EditConflictAlert({ message, fields }: { message: string; fields: readonly ConflictFieldLink[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message, fields]);
  return (
    <Alert ref={ref} severity="warning" role="alert" data-testid="edit-conflict" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle sx={{ fontWeight: 600 }}>{message}</AlertTitle>
      {fields.length > 0 ? (
        <>
          Changed since you opened it:{' '}
          {fields.map((f, i) => (
            <span key={f.inputId}>
              {i > 0 && ', '}
              <Link
                component="button"
                type="button"
                color="inherit"
                sx={{ verticalAlign: 'baseline', font: 'inherit', fontWeight: 600 }}
                onClick={() => document.getElementById(f.inputId)?.focus()}
              >
                {f.label}
              </Link>
            </span>
          ))}
          . Their values are shown under each field as &lsquo;Now saved&rsquo;; fields you had not changed now hold them. Save to apply your
          changes.
        </>
      ) : (
        'Nothing you see here was changed. Save to apply your changes.'
      )}
    </Alert>
  );
}

/** A refused stale save as the form shows it: the server's message and the fields changed. */
export interface ShownConflict {
  message: string;
  changed: ChangedField[];
  /** 1 for the first refusal of this opening, 2 for the next...: a new alert each time, announced again. */
  round: number;
}

/**
 * The version an edit form saves on, and what it shows after a 409 `edit_conflict`.
 * `opened` are the form's values as opened from the record of `version` (null: a new record).
 * `resolve` merges the user's values with the record now saved (see `mergeEditConflict`),
 * makes that record the one the form saves on (its values and version), shows the conflict,
 * and answers the changed fields; the form then puts each `taken` one's `saved` value in.
 */
export function useEditConflict<V extends object>(opened: V, version: number | null) {
  const base = useRef({ values: opened, version });
  const [shown, setShown] = useState<ShownConflict | null>(null);
  const currentVersion = useCallback(() => base.current.version, []);
  const resolve = useCallback((message: string, saved: { values: V; version: number }, typed: V, fields?: readonly string[]): ChangedField[] => {
    const { changed } = mergeEditConflict(base.current.values, typed, saved.values, fields);
    base.current = { values: saved.values, version: saved.version };
    setShown((before) => ({ message, changed, round: (before?.round ?? 0) + 1 }));
    return changed;
  }, []);
  // The values of the record the form now saves on (as opened, or as merged after a 409).
  const openedValues = useCallback(() => base.current.values, []);
  return { version: currentVersion, opened: openedValues, shown, resolve };
}
