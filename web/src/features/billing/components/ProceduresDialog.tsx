import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { hasTypedChanges } from '@/components/form/discard-guard';
import { createDebouncer } from '@/lib/debounce';
import { dollars } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { useFeeSearch } from '../api/get-fees';
import type { FeeSchedule, FeeSearchResult } from '../api/types';
import { FEE_SEARCH_MAX, MAX_CHARGE_DIAGNOSES, SEARCH_SETTLE, SURFACE_LETTERS } from '../lib/constants';
import {
  chargeFee,
  chargeFromFee,
  filterSurface,
  modifierValid,
  pointerAt,
  shortDescription,
  surfaceNeedsTooth,
  toggleChargeDiagnosis,
  toothValid,
  unitsValid,
  type Charge,
  type ChargeOptions,
  type OrderDiagnosis,
} from '../lib/order';
import { BILLING_TEXT } from '../lib/texts';
import { FullScreenDialog } from './FullScreenDialog';

/** What the charge form holds, as typed. */
interface ChargeValues {
  units: string;
  modifier1: string;
  modifier2: string;
  modifier3: string;
  modifier4: string;
  tooth: string;
  surface: string;
  diagnosisIds: readonly string[];
}

type ValueName = Exclude<keyof ChargeValues, 'diagnosisIds'>;
type ChargeErrors = Partial<Record<ValueName | 'diagnosisIds', string>>;

const MODIFIERS = ['modifier1', 'modifier2', 'modifier3', 'modifier4'] as const;

const valuesOf = (c: Charge): ChargeValues => ({
  units: String(c.units),
  modifier1: c.modifier1,
  modifier2: c.modifier2,
  modifier3: c.modifier3,
  modifier4: c.modifier4,
  tooth: c.tooth,
  surface: c.surface,
  diagnosisIds: c.diagnosisIds,
});

/** The charge form's problems (what the preferences hide is not checked). */
function chargeErrors(values: ChargeValues, charge: Charge, options: ChargeOptions): ChargeErrors {
  const errors: ChargeErrors = {};
  if (charge.calculationMethod !== 0 && !unitsValid(values.units)) errors.units = BILLING_TEXT.unitsInvalid;
  if (options.allowModifiers) for (const m of MODIFIERS) if (!modifierValid(values[m])) errors[m] = BILLING_TEXT.modifierInvalid;
  if (options.allowToothSurface && !toothValid(values.tooth)) errors.tooth = BILLING_TEXT.toothInvalid;
  else if (options.allowToothSurface && surfaceNeedsTooth(values.tooth, values.surface)) errors.tooth = BILLING_TEXT.surfaceNeedsTooth;
  return errors;
}

function applyValues(charge: Charge, values: ChargeValues): Charge {
  return {
    ...charge,
    units: charge.calculationMethod === 0 ? charge.units : Number(values.units),
    modifier1: values.modifier1.toUpperCase(),
    modifier2: values.modifier2.toUpperCase(),
    modifier3: values.modifier3.toUpperCase(),
    modifier4: values.modifier4.toUpperCase(),
    tooth: values.tooth.toUpperCase(),
    surface: filterSurface(values.surface),
    diagnosisIds: [...values.diagnosisIds],
  };
}

/** A read-only field of the charge (Procedure, Description, Unit Fee). */
function ReadOnly({ id, label, value, multiline }: { id: string; label: string; value: string; multiline?: boolean }) {
  return <TextField id={id} label={label} value={value} fullWidth multiline={multiline} slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />;
}

/** The fee schedule and the procedure search (settled as the user types); tapping a code opens its charge form. */
function ProcedureSearch({
  feeSchedules,
  feeScheduleId,
  onFeeScheduleChange,
  onPick,
}: {
  feeSchedules: readonly FeeSchedule[];
  feeScheduleId: string;
  onFeeScheduleChange: (id: string) => void;
  onPick: (fee: FeeSearchResult) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [needsSchedule, setNeedsSchedule] = useState(false);
  const debouncer = useMemo(() => createDebouncer(setSearch, SEARCH_SETTLE), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const scheduleId = feeScheduleId === '' ? null : Number(feeScheduleId);
  const results = useFeeSearch(scheduleId, search);
  const list = scheduleId === null ? [] : (results.data ?? []);
  const scheduleError = needsSchedule && scheduleId === null ? BILLING_TEXT.feeScheduleRequired : undefined;
  return (
    <Box role="search">
      <Stack spacing={2}>
        <TextField
          select
          id="billing-fee-schedule"
          label={BILLING_TEXT.feeSchedule}
          required
          value={feeScheduleId}
          onChange={(event) => onFeeScheduleChange(event.target.value)}
          error={!!scheduleError}
          helperText={scheduleError}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{BILLING_TEXT.chooseFeeSchedule}</option>
          {feeSchedules.map((f) => (
            <option key={f.feeScheduleId} value={String(f.feeScheduleId)}>
              {f.feeScheduleName}
            </option>
          ))}
        </TextField>
        <TextField
          id="billing-procedure-search"
          label={BILLING_TEXT.searchProcedures}
          value={text}
          fullWidth
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            if (scheduleId === null) setNeedsSchedule(true);
            debouncer.type(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') debouncer.flush();
          }}
          slotProps={{ htmlInput: { maxLength: FEE_SEARCH_MAX, enterKeyHint: 'search', 'aria-controls': 'procedure-results' } }}
        />
      </Stack>
      <Box role="status" aria-live="polite" sx={{ minHeight: 24, mt: 1 }}>
        {scheduleId === null ? null : results.isFetching ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={18} aria-hidden />
            <Typography variant="body2">{BILLING_TEXT.searching}</Typography>
          </Box>
        ) : results.error ? (
          <Alert severity="error">{BILLING_TEXT.searchFailed}</Alert>
        ) : results.data && results.data.length === 0 ? (
          <Typography data-testid="procedure-none">{BILLING_TEXT.noProcedures}</Typography>
        ) : null}
      </Box>
      <List id="procedure-results" aria-label="Procedure codes found">
        {list.map((fee) => (
          <ListItem key={fee.code} disablePadding divider>
            <ListItemButton onClick={() => onPick(fee)} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {fee.code}
              </Typography>{' '}
              <Typography component="span">{fee.description}</Typography>
              {fee.notes && (
                <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                  {fee.notes}
                </Typography>
              )}
            </Box>
            <Typography component="span" sx={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
              {dollars(fee.fee)}
            </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
  disabled,
  maxLength,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  helperText?: string | undefined;
  disabled?: boolean;
  maxLength?: number;
  inputMode?: 'text' | 'numeric';
}) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      fullWidth
      disabled={disabled}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { maxLength, inputMode, autoCapitalize: 'characters' } }}
    />
  );
}

/**
 * The charge form (spec part 2, section 5): Procedure, Description and Unit Fee read-only;
 * Units disabled when the code's calculationMethod is 0; Modifier 1-4 only with allowModifiers;
 * Tooth and Surface only with allowToothSurface (the surface keeps the letters M O D F L I B,
 * each once); a switch per diagnosis of the order, at most 4 on.
 */
function ChargeForm({
  charge,
  editing,
  diagnoses,
  options,
  serverErrors,
  onChangeProcedure,
  onDone,
  valuesRef,
}: {
  charge: Charge;
  editing: boolean;
  diagnoses: readonly OrderDiagnosis[];
  options: ChargeOptions;
  serverErrors: ChargeErrors;
  onChangeProcedure: () => void;
  onDone: (charge: Charge, then: 'another' | 'finish') => void;
  valuesRef: { current: { values: ChargeValues; opened: ChargeValues } | null };
}) {
  const [opened] = useState(() => valuesOf(charge));
  const [values, setValues] = useState(opened);
  const [errors, setErrors] = useState<ChargeErrors>(serverErrors);
  // The dialog asks before closing while these differ from the values opened.
  useLayoutEffect(() => {
    valuesRef.current = { values, opened };
    return () => {
      valuesRef.current = null;
    };
  });
  const set = (name: ValueName, text: string) => {
    setValues((v) => ({ ...v, [name]: text }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const onCount = values.diagnosisIds.length;
  const unitsNumber = unitsValid(values.units) ? Number(values.units) : charge.units;
  const done = (then: 'another' | 'finish') => {
    const found = chargeErrors(values, charge, options);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`charge-${first}`)?.focus();
      return;
    }
    onDone(applyValues(charge, values), then);
  };
  const group = (title: string, children: ReactNode) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, mb: 1, color: 'secondary.main' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
  return (
    <Box component="form" noValidate aria-label="Charge" onSubmit={(e) => e.preventDefault()} data-testid="charge-form">
      <Stack spacing={2}>
        {Object.keys(errors).some((k) => errors[k as keyof ChargeErrors]) && (
          <Alert severity="error" role="alert">
            {MESSAGES.errorsFound}
          </Alert>
        )}
        <ReadOnly id="charge-procedure" label={BILLING_TEXT.procedure} value={charge.procedure} />
        <ReadOnly id="charge-description" label={BILLING_TEXT.description} value={charge.description} multiline />
        <Grid container spacing={2}>
          <Grid size={6} sx={{ minWidth: 0 }}>
            <ReadOnly id="charge-unitFee" label={BILLING_TEXT.unitFee} value={dollars(charge.unitFee)} />
          </Grid>
          <Grid size={6} sx={{ minWidth: 0 }}>
            <Field
              id="charge-units"
              label={BILLING_TEXT.units}
              value={values.units}
              onChange={(t) => set('units', t.replace(/\D/g, ''))}
              error={errors.units}
              disabled={charge.calculationMethod === 0}
              maxLength={4}
              inputMode="numeric"
            />
          </Grid>
        </Grid>
        <Typography data-testid="charge-fee">
          Fee: <strong>{dollars(chargeFee({ unitFee: charge.unitFee, units: unitsNumber, calculationMethod: charge.calculationMethod }))}</strong>
        </Typography>
        {options.allowModifiers &&
          group(
            'Modifiers',
            <Grid container spacing={2}>
              {MODIFIERS.map((m, i) => (
                <Grid size={6} key={m} sx={{ minWidth: 0 }}>
                  <Field id={`charge-${m}`} label={BILLING_TEXT.modifier(i + 1)} value={values[m]} onChange={(t) => set(m, t.toUpperCase().replace(/[^A-Z0-9]/g, ''))} error={errors[m]} maxLength={2} />
                </Grid>
              ))}
            </Grid>,
          )}
        {options.allowToothSurface &&
          group(
            'Tooth and Surface',
            <Grid container spacing={2}>
              <Grid size={6} sx={{ minWidth: 0 }}>
                <Field id="charge-tooth" label={BILLING_TEXT.tooth} value={values.tooth} onChange={(t) => set('tooth', t.toUpperCase().replace(/[^A-Z0-9]/g, ''))} error={errors.tooth} maxLength={2} helperText="1-32 or A-T" />
              </Grid>
              <Grid size={6} sx={{ minWidth: 0 }}>
                <Field id="charge-surface" label={BILLING_TEXT.surface} value={values.surface} onChange={(t) => set('surface', filterSurface(t))} error={errors.surface} maxLength={SURFACE_LETTERS.length} helperText={BILLING_TEXT.surfaceHelp} />
              </Grid>
            </Grid>,
          )}
        {options.allowDx &&
          group(
            BILLING_TEXT.chargeDiagnoses,
            <>
              {diagnoses.length === 0 ? (
                <Typography color="textSecondary">{BILLING_TEXT.noDiagnosesForCharge}</Typography>
              ) : (
                <Stack>
                  {diagnoses.map((d, index) => {
                    const on = values.diagnosisIds.includes(d.umlsId);
                    return (
                      <FormControlLabel
                        key={d.umlsId}
                        sx={{ minHeight: 44, alignItems: 'center', mr: 0, '& .MuiFormControlLabel-label': { minWidth: 0, overflowWrap: 'anywhere' } }}
                        control={
                          <Checkbox
                            checked={on}
                            disabled={!on && onCount >= MAX_CHARGE_DIAGNOSES}
                            onChange={(e) => {
                              setValues((v) => ({ ...v, diagnosisIds: toggleChargeDiagnosis(v.diagnosisIds, d.umlsId, e.target.checked) }));
                              if (errors.diagnosisIds) setErrors((er) => ({ ...er, diagnosisIds: undefined }));
                            }}
                          />
                        }
                        label={`${pointerAt(index)}: ${d.code} ${shortDescription(d.diagnosis)}`}
                      />
                    );
                  })}
                </Stack>
              )}
              <FormHelperText error={!!errors.diagnosisIds}>{errors.diagnosisIds ?? BILLING_TEXT.chargeDiagnosesHelp(MAX_CHARGE_DIAGNOSES)}</FormHelperText>
            </>,
          )}
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', pt: 1 }}>
          {editing ? (
            <Button variant="contained" onClick={() => done('finish')}>
              {BILLING_TEXT.saveChanges}
            </Button>
          ) : (
            <>
              <Button onClick={onChangeProcedure} sx={{ mr: 'auto' }}>
                {BILLING_TEXT.changeProcedure}
              </Button>
              <Button variant="outlined" onClick={() => done('another')}>
                {BILLING_TEXT.addAnother}
              </Button>
              <Button variant="contained" onClick={() => done('finish')}>
                {BILLING_TEXT.reviewAndFinish}
              </Button>
            </>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

export interface ProceduresDialogProps {
  open: boolean;
  onClose: () => void;
  /** The charge being edited (Save Changes), or none for new charges. */
  editing: Charge | null;
  /** The server's messages about the edited charge, by its field name. */
  editingErrors?: Partial<Record<string, string>>;
  feeSchedules: readonly FeeSchedule[];
  feeScheduleId: string;
  onFeeScheduleChange: (id: string) => void;
  diagnoses: readonly OrderDiagnosis[];
  options: ChargeOptions;
  newKey: () => string;
  /** A new charge (added) or the edited one (replaced). */
  onSave: (charge: Charge) => void;
}

function Steps({ editing, editingErrors, feeSchedules, feeScheduleId, onFeeScheduleChange, diagnoses, options, newKey, onSave, onClose, valuesRef }: Omit<ProceduresDialogProps, 'open'> & { valuesRef: { current: { values: ChargeValues; opened: ChargeValues } | null } }) {
  const [charge, setCharge] = useState<Charge | null>(editing);
  // A new form per charge (Add Another starts afresh).
  const [formKey, setFormKey] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [charge, formKey]);
  if (charge === null) {
    return (
      <Box ref={top}>
        {added && (
          <Alert
            severity="success"
            sx={{ mb: 2 }}
            role="status"
            action={
              <Button color="inherit" onClick={onClose}>
                {BILLING_TEXT.reviewAndFinish}
              </Button>
            }
          >
            {added}
          </Alert>
        )}
        <ProcedureSearch
          feeSchedules={feeSchedules}
          feeScheduleId={feeScheduleId}
          onFeeScheduleChange={onFeeScheduleChange}
          onPick={(fee) => {
            setAdded(null);
            setCharge(chargeFromFee(fee, Number(feeScheduleId), newKey()));
            setFormKey((k) => k + 1);
          }}
        />
      </Box>
    );
  }
  const serverErrors: ChargeErrors = {};
  if (editing && editingErrors) {
    for (const [name, message] of Object.entries(editingErrors)) if (message) serverErrors[name as keyof ChargeErrors] = message;
  }
  return (
    <Box ref={top}>
      <ChargeForm
        key={formKey}
        charge={charge}
        editing={editing !== null}
        diagnoses={diagnoses}
        options={options}
        serverErrors={serverErrors}
        valuesRef={valuesRef}
        onChangeProcedure={() => setCharge(null)}
        onDone={(saved, then) => {
          onSave(saved);
          if (then === 'finish') {
            onClose();
            return;
          }
          setAdded(`${saved.procedure} was added. Search for the next procedure.`);
          setCharge(null);
        }}
      />
    </Box>
  );
}

/**
 * 'Procedures' (full screen): choose a fee schedule, search a procedure code, pick one, fill
 * the charge form, then Add Another (back to the search) or Review & Finish (back to the
 * order); an existing charge opens straight in its form with Save Changes. Closing with typed
 * changes in the charge form asks first.
 */
export default function ProceduresDialog(props: ProceduresDialogProps) {
  const { open, onClose, editing } = props;
  const valuesRef = useRef<{ values: ChargeValues; opened: ChargeValues } | null>(null);
  const isDirty = () => {
    const now = valuesRef.current;
    return now !== null && hasTypedChanges(now.values, now.opened);
  };
  return (
    <FullScreenDialog open={open} onClose={onClose} title={editing ? BILLING_TEXT.editCharge(editing.procedure) : BILLING_TEXT.procedures} isDirty={isDirty} testId="procedures-dialog">
      <Steps {...props} valuesRef={valuesRef} />
    </FullScreenDialog>
  );
}
