// The form kit: the frame of a form dialog, its error banner, lazily mounted dialogs,
// a multiple choice, and the rules forms share (zod errors, server field errors).
export { FormDialog, FormErrors, type FormDialogProps } from './FormDialog';
export { DiscardChangesDialog, useBackCloses, useDiscardGuard, type GuardedForm } from './DiscardGuard';
export { DISCARD_TEXT, hasTypedChanges, openForms, type OpenForms } from './discard-guard';
export { FormSelect, FormTextField, type FormChoice } from './fields';
export { MultiSelect, type MultiSelectChoice } from './MultiSelect';
export { choiceFromSelection, selectionFromChoice, type SelectionOrder } from './multi-select';
export { OnceOpened, useOpenedOnce, useValuesPerOpening } from './once-opened';
export { BAD_DATE, INVALID_DATE_TEXT, dateInputValue, firstIssues, schemaErrors, showFieldErrors, splitFieldErrors, type FormFields, type ServerErrors } from './rules';
export { EditConflictAlert, SAVED_VALUE_COLOR, SavedValuesProvider, helpWithSavedValue, useEditConflict, useSavedValue, type ConflictFieldLink, type ShownConflict } from './EditConflict';
export { mergeEditConflict, nowSavedText, type ChangedField, type ConflictMerge } from './edit-conflict';
