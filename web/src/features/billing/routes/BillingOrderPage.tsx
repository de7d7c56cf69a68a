import Add from '@mui/icons-material/Add';
import { usePracticeToday } from '@/api/scheduling/get-day-appointments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '@/api/errors';
import { usePreferences } from '@/api/preferences/get-preferences';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import type { User } from '@/api/users/get-users';
import { EmptyText, PageSection } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { useToast } from '@/components/toast';
import { dollars, listName } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { useCreateBillingOrder } from '../api/create-order';
import { useProblems, useProviderOfficeFee } from '../api/get-order-start';
import type { Diagnosis, FeeSchedule } from '../api/types';
import { ChargeList } from '../components/ChargeList';
import { DiagnosisList } from '../components/DiagnosisList';
import DiagnosisSearchDialog from '../components/DiagnosisSearchDialog';
import ProceduresDialog from '../components/ProceduresDialog';
import { MAX_DIAGNOSES, REDIRECT_DELAY_MS } from '../lib/constants';
import {
  addDiagnosis,
  chargeFieldOf,
  diagnosesFromProblems,
  newIdempotencyKey,
  orderTotal,
  removeDiagnosis,
  toBillingOrderInput,
  type Charge,
  type ChargeOptions,
  type OrderDiagnosis,
} from '../lib/order';
import { BILLING_TEXT } from '../lib/texts';

interface Start {
  providerId: string;
  feeScheduleId: string;
  diagnoses: OrderDiagnosis[];
}

type FieldErrors = Partial<Record<'providerId' | 'procedureDate', string>>;

/** Provider and date: both required (checked when the provider changes and before Create Order). */
function orderErrors(providerId: string, procedureDate: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!providerId) errors.providerId = BILLING_TEXT.providerRequired;
  if (!procedureDate) errors.procedureDate = BILLING_TEXT.procedureDateRequired;
  return errors;
}

const realId = (id: number | null | undefined) => (typeof id === 'number' && id > 1 ? String(id) : '');

let chargeCounter = 0;
const newChargeKey = () => `charge-${++chargeCounter}`;

function OrderEditor({ patientId, start, providers, feeSchedules, options }: { patientId: number; start: Start; providers: readonly User[]; feeSchedules: readonly FeeSchedule[]; options: ChargeOptions }) {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateBillingOrder();
  const practiceToday = usePracticeToday();
  const [procedureDate, setProcedureDate] = useState(practiceToday);
  const [providerId, setProviderId] = useState(start.providerId);
  const [feeScheduleId, setFeeScheduleId] = useState(start.feeScheduleId);
  const [diagnoses, setDiagnoses] = useState<readonly OrderDiagnosis[]>(start.diagnoses);
  const [charges, setCharges] = useState<readonly Charge[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [chargeErrors, setChargeErrors] = useState<ReadonlyMap<string, Partial<Record<string, string>>>>(new Map());
  const [others, setOthers] = useState<string[]>([]);
  // One key per order: a second tap of Create Order or a retry of the post sends the same one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [sent, setSent] = useState(false);
  const [diagnosisOpen, setDiagnosisOpen] = useState(false);
  const [procedures, setProcedures] = useState<{ open: boolean; editing: Charge | null }>({ open: false, editing: null });
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const providerRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const usedIds = useMemo(() => new Set(charges.flatMap((c) => c.diagnosisIds)), [charges]);
  const total = orderTotal(charges);
  const busy = create.isPending || sent;
  const chargeMessages = useMemo(() => {
    const byKey = new Map<string, string[]>();
    for (const [key, fields] of chargeErrors) byKey.set(key, Object.values(fields).filter((m): m is string => !!m));
    return byKey;
  }, [chargeErrors]);

  const goHomeLater = () => {
    clearTimeout(redirect.current);
    redirect.current = setTimeout(() => void navigate(`/patients/${patientId}/patient_home`), REDIRECT_DELAY_MS);
  };

  /** Adds a diagnosis picked in the search; answers why it was refused (the dialog's snackbar says it), or null. */
  const pickDiagnosis = (d: Diagnosis): string | null => {
    const next = addDiagnosis(diagnoses, { umlsId: d.umlsId, code: d.code, diagnosis: d.diagnosis });
    if (!next.ok) return next.reason === 'duplicate' ? BILLING_TEXT.duplicateDiagnosis : BILLING_TEXT.diagnosesLimit(MAX_DIAGNOSES);
    setDiagnoses(next.diagnoses);
    return null;
  };

  const saveCharge = (charge: Charge) => {
    setCharges((list) => (list.some((c) => c.key === charge.key) ? list.map((c) => (c.key === charge.key ? charge : c)) : [...list, charge]));
    setChargeErrors((map) => {
      if (!map.has(charge.key)) return map;
      const next = new Map(map);
      next.delete(charge.key);
      return next;
    });
  };

  const removeCharge = (charge: Charge) => {
    setCharges((list) => list.filter((c) => c.key !== charge.key));
  };

  const focusFirst = (found: FieldErrors) => {
    if (found.procedureDate) dateRef.current?.focus();
    else if (found.providerId) providerRef.current?.focus();
  };

  /** A 400: each message on its field (the date, the provider, a charge), the rest above the order. */
  const showServerErrors = (fields: Record<string, string>) => {
    const top: FieldErrors = {};
    const byCharge = new Map<string, Partial<Record<string, string>>>();
    const rest: string[] = [];
    for (const [name, message] of Object.entries(fields)) {
      if (name === 'providerId' || name === 'procedureDate') {
        top[name] = message;
        continue;
      }
      const at = chargeFieldOf(name);
      const charge = at ? charges[at.index] : undefined;
      if (at && charge) {
        const own = { ...(byCharge.get(charge.key) ?? {}) };
        own[at.field || 'charge'] = message;
        byCharge.set(charge.key, own);
      } else rest.push(`${name}: ${message}`);
    }
    setErrors(top);
    setChargeErrors(byCharge);
    setOthers(rest);
    focusFirst(top);
  };

  const submit = () => {
    if (busy || charges.length === 0) return;
    const found = orderErrors(providerId, procedureDate);
    setErrors(found);
    setOthers([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const input = toBillingOrderInput({ providerId: Number(providerId), procedureDate, charges, diagnoses }, options);
    create.mutate(
      { patientId, input, idempotencyKey },
      {
        onSuccess: (result) => {
          if (result.status !== undefined && result.status !== 201) {
            toast(BILLING_TEXT.notSent, 'error');
            setSent(true);
            goHomeLater();
            return;
          }
          toast(BILLING_TEXT.sent, 'success');
          setSent(true);
          // The next order (if this page were kept) gets a key of its own.
          setIdempotencyKey(newIdempotencyKey());
          goHomeLater();
        },
        onError: (error) => {
          toast(BILLING_TEXT.notSent, 'error');
          // A refused order (400) stays for the user to correct: its messages go on their fields.
          // Nothing was posted, so the corrected order goes with a key of its own.
          if (error instanceof ApiRequestError && error.status === 400) {
            setIdempotencyKey(newIdempotencyKey());
            if (Object.keys(error.fields).length > 0) showServerErrors(error.fields);
            else setOthers([error.message || BILLING_TEXT.notSent]);
            return;
          }
          // Anything else (no answer after the retries, a server failure): as the spec says, home after 3 s.
          setSent(true);
          goHomeLater();
        },
      },
    );
  };

  const providerChoices = useMemo(() => {
    const list = providers.map((p) => ({ value: String(p.userId), label: listName(p) }));
    if (start.providerId && !list.some((c) => c.value === start.providerId)) list.unshift({ value: start.providerId, label: `Provider ${start.providerId}` });
    return list;
  }, [providers, start.providerId]);

  return (
    <Stack spacing={2} component="form" noValidate aria-label={BILLING_TEXT.title} onSubmit={(e) => (e.preventDefault(), submit())}>
      <PageSection title={BILLING_TEXT.title}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(Object.keys(errors).length > 0 || others.length > 0) && (
            <Alert severity="error" role="alert" data-testid="form-errors">
              {MESSAGES.errorsFound}
              {others.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {others.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          <TextField
            id="billing-procedure-date"
            label={BILLING_TEXT.procedureDate}
            type="date"
            required
            value={procedureDate}
            // Not in the future (the server's rule): the picker offers up to today.
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: practiceToday } }}
            inputRef={dateRef}
            disabled={busy}
            onChange={(event) => {
              setProcedureDate(event.target.value);
              if (errors.procedureDate && event.target.value) setErrors((e) => ({ ...e, procedureDate: undefined }));
            }}
            error={!!errors.procedureDate}
            helperText={errors.procedureDate}
          />
          <TextField
            select
            id="billing-provider"
            label={BILLING_TEXT.provider}
            required
            value={providerId}
            inputRef={providerRef}
            disabled={busy}
            onChange={(event) => {
              setProviderId(event.target.value);
              // Checked when the provider changes (spec part 2, section 5): both fields.
              const found = orderErrors(event.target.value, procedureDate);
              setErrors(found);
            }}
            error={!!errors.providerId}
            helperText={errors.providerId}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{BILLING_TEXT.chooseProvider}</option>
            {providerChoices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </TextField>
        </Stack>
      </PageSection>

      {options.allowDx && (
        <PageSection
          title={BILLING_TEXT.diagnosis}
          action={
            <Button variant="outlined" startIcon={<Add />} disabled={busy || diagnoses.length >= MAX_DIAGNOSES} onClick={() => setDiagnosisOpen(true)}>
              {BILLING_TEXT.addDiagnosis}
            </Button>
          }
        >
          {diagnoses.length === 0 ? (
            <EmptyText testId="no-diagnoses">{BILLING_TEXT.noDiagnosesYet}</EmptyText>
          ) : (
            <DiagnosisList diagnoses={diagnoses} usedIds={usedIds} onChange={setDiagnoses} onRemove={(umlsId) => setDiagnoses((list) => removeDiagnosis(list, charges, umlsId))} />
          )}
          {diagnoses.length >= MAX_DIAGNOSES && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {BILLING_TEXT.diagnosesLimit(MAX_DIAGNOSES)}
            </Typography>
          )}
        </PageSection>
      )}

      <PageSection
        title={BILLING_TEXT.procedures}
        action={
          <Button variant="outlined" startIcon={<Add />} disabled={busy} onClick={() => setProcedures({ open: true, editing: null })}>
            {BILLING_TEXT.addProcedure}
          </Button>
        }
      >
        {charges.length === 0 ? (
          <EmptyText testId="no-charges">{BILLING_TEXT.noChargesYet}</EmptyText>
        ) : (
          <ChargeList charges={charges} diagnoses={diagnoses} options={options} errors={chargeMessages} onEdit={(c) => setProcedures({ open: true, editing: c })} onRemove={removeCharge} />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', pt: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{BILLING_TEXT.total}</Typography>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="order-total" aria-live="polite">
            {dollars(total)}
          </Typography>
        </Box>
      </PageSection>

      <Button type="submit" variant="contained" size="large" disabled={charges.length === 0 || busy} startIcon={create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
        {create.isPending ? BILLING_TEXT.creating : BILLING_TEXT.createOrder}
      </Button>

      {options.allowDx && <DiagnosisSearchDialog open={diagnosisOpen} onClose={() => setDiagnosisOpen(false)} onPick={pickDiagnosis} />}
      <ProceduresDialog
        open={procedures.open}
        editing={procedures.editing}
        editingErrors={procedures.editing ? chargeErrors.get(procedures.editing.key) : undefined}
        onClose={() => setProcedures((p) => ({ ...p, open: false }))}
        feeSchedules={feeSchedules}
        feeScheduleId={feeScheduleId}
        onFeeScheduleChange={setFeeScheduleId}
        diagnoses={options.allowDx ? diagnoses : []}
        options={options}
        newKey={newChargeKey}
        onSave={saveCharge}
      />
    </Stack>
  );
}

/**
 * /patients/{id}/new_charge, 'Billing Order' (spec part 2): the procedure date (today), the
 * provider (the patient's), the diagnoses (the patient's active problems; only with allowDx)
 * and the procedures; Create Order posts the order once (an Idempotency-Key per order).
 */
export default function BillingOrderPage({ patientId }: { patientId: number }) {
  usePageTitle(BILLING_TEXT.title);
  const preferences = usePreferences();
  const options: ChargeOptions = { allowDx: preferences.allowDx, allowModifiers: preferences.allowModifiers, allowToothSurface: preferences.allowToothSurface };
  const providers = useProviders();
  const feeSchedules = useReferenceList('feeSchedules');
  const patientFees = useProviderOfficeFee(patientId);
  const problems = useProblems(patientId, options.allowDx);
  const failed = providers.error || feeSchedules.error || patientFees.error || (options.allowDx && problems.error);
  const ready = providers.data && feeSchedules.data && patientFees.data && (!options.allowDx || problems.data);

  if (!ready) {
    if (failed) {
      return (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button
              onClick={() => {
                void providers.refetch();
                void feeSchedules.refetch();
                void patientFees.refetch();
                if (options.allowDx) void problems.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          {BILLING_TEXT.loadFailed}
        </Alert>
      );
    }
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the billing order" />
      </Box>
    );
  }
  const start: Start = {
    providerId: realId(patientFees.data.patientProvider?.userId),
    feeScheduleId: patientFees.data.feeSchedule && feeSchedules.data.some((f) => f.feeScheduleId === patientFees.data.feeSchedule?.id) ? String(patientFees.data.feeSchedule.id) : '',
    diagnoses: options.allowDx ? diagnosesFromProblems(problems.data ?? []) : [],
  };
  return <OrderEditor patientId={patientId} start={start} providers={providers.data} feeSchedules={feeSchedules.data} options={options} />;
}
