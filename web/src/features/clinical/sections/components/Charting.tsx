import Add from '@mui/icons-material/Add';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiRequestError } from '@/api/errors';
import { OnceOpened } from '@/components/form/once-opened';
import { useToast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { isChartedSection, useEntryHistory, useReviewSection, useSignNote, type ChartedSection } from '../api/charting';
import { useSection } from '../api/get-section';
import { FORM_TEXT } from '../lib/form-text';
import { amendmentsOf, canSignNote, isActiveEntry, severeAllergyNames } from '../lib/charting-rules';
import { historyRows } from '../lib/history';
import { showDateTime } from '../lib/format';
import { NONE_KNOWN_SECTIONS, type ClinicalEntry, type ClinicalSection, type SectionKey } from '../lib/sections';
import { NONE_KNOWN_TEXT } from '../lib/texts';

const EntryFormDialog = lazy(() => import('./EntryFormDialog'));

const BUTTON_SX = { minHeight: 44, textTransform: 'none' } as const;

/** The section page's 'Add …' button (the seven charted sections), opening the section's form. */
export function AddEntryButton({ patientId, section }: { patientId: number; section: SectionKey }) {
  const [open, setOpen] = useState(false);
  if (!isChartedSection(section)) return null;
  return (
    <>
      <Button variant="contained" startIcon={<Add aria-hidden />} onClick={() => setOpen(true)} sx={{ ...BUTTON_SX, alignSelf: 'flex-start' }}>
        {FORM_TEXT.add[section]}
      </Button>
      <OnceOpened open={open}>
        <EntryFormDialog open={open} onClose={() => setOpen(false)} patientId={patientId} section={section} />
      </OnceOpened>
    </>
  );
}

type NoneKnownSection = (typeof NONE_KNOWN_SECTIONS)[number];
const isNoneKnownSection = (s: SectionKey): s is NoneKnownSection => (NONE_KNOWN_SECTIONS as readonly string[]).includes(s);

/**
 * 'No Known Allergies' / 'No Known Problems' / 'No Current Medications' as one tap, while the
 * list has no current entry and is not marked so already; the server's refusal is shown.
 */
export function NoneKnownButton({ patientId, section, data }: { patientId: number; section: SectionKey; data: ClinicalSection }) {
  const review = useReviewSection(patientId, section);
  const [error, setError] = useState<string | null>(null);
  if (!isNoneKnownSection(section) || data.review?.noneKnown || data.entries.some(isActiveEntry)) return null;
  return (
    <Box>
      <Button
        variant="outlined"
        onClick={() => {
          setError(null);
          review.mutate(true, {
            onError: (e) => setError(e instanceof ApiRequestError ? (e.fields.noneKnown ?? e.message) : FORM_TEXT.notSaved),
          });
        }}
        disabled={review.isPending}
        sx={BUTTON_SX}
      >
        {NONE_KNOWN_TEXT[section]}
      </Button>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="review-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Takes a 'none known' mark back ('Undo No Known Allergies'): the server records a plain
 * review instead (`PUT .../review` with `noneKnown: false`); its refusal is shown.
 */
export function UndoNoneKnownButton({ patientId, section, data }: { patientId: number; section: SectionKey; data: ClinicalSection }) {
  const review = useReviewSection(patientId, section);
  const [error, setError] = useState<string | null>(null);
  if (!isNoneKnownSection(section) || !data.review?.noneKnown) return null;
  return (
    <Box>
      <Button
        variant="outlined"
        onClick={() => {
          setError(null);
          review.mutate(false, {
            onError: (e) => setError(e instanceof ApiRequestError ? (e.fields.noneKnown ?? e.message) : FORM_TEXT.notSaved),
          });
        }}
        disabled={review.isPending}
        sx={BUTTON_SX}
      >
        {FORM_TEXT.undoNoneKnown} {NONE_KNOWN_TEXT[section]}
      </Button>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="review-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** 'Sign this note? A signed note cannot be changed.': Cancel (focused first) or Sign. */
function SignDialog({ open, onCancel, onSign }: { open: boolean; onCancel: () => void; onSign: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{FORM_TEXT.signQuestion}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{FORM_TEXT.signWarning}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onCancel} autoFocus sx={BUTTON_SX}>
          {FORM_TEXT.cancel}
        </Button>
        <Button onClick={onSign} variant="contained" sx={BUTTON_SX}>
          {FORM_TEXT.sign}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An entry's actions: Edit (never a note), and for a note Sign (its author, while unsigned) and Amend. */
export function EntryActions({ patientId, section, entry }: { patientId: number; section: SectionKey; entry: ClinicalEntry }) {
  const [editing, setEditing] = useState(false);
  const [amending, setAmending] = useState(false);
  const [confirmSign, setConfirmSign] = useState(false);
  const { user } = useSession();
  const sign = useSignNote(patientId);
  const toast = useToast();
  const navigate = useNavigate();
  if (!isChartedSection(section)) return null;
  const r = entry.resource;
  const isNote = r.section === 'clinicalNotes';
  const canSign = canSignNote(entry, user?.userId);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {!isNote && (
        <Button variant="outlined" startIcon={<Edit aria-hidden />} onClick={() => setEditing(true)} sx={BUTTON_SX}>
          {FORM_TEXT.editAction}
        </Button>
      )}
      {canSign && (
        <>
          <Button variant="contained" disabled={sign.isPending} onClick={() => setConfirmSign(true)} sx={BUTTON_SX}>
            {FORM_TEXT.sign}
          </Button>
          <SignDialog
            open={confirmSign}
            onCancel={() => setConfirmSign(false)}
            onSign={() => {
              setConfirmSign(false);
              sign.mutate(
                { entryId: entry.entryId, version: entry.version },
                {
                  onSuccess: () => toast(FORM_TEXT.signed, 'success'),
                  onError: (e) => toast(e instanceof ApiRequestError && e.message ? e.message : FORM_TEXT.notSaved, 'error'),
                },
              );
            }}
          />
        </>
      )}
      {isNote && (
        <Button variant="outlined" onClick={() => setAmending(true)} sx={BUTTON_SX}>
          {FORM_TEXT.amend}
        </Button>
      )}
      <OnceOpened open={editing}>
        <EntryFormDialog open={editing} onClose={() => setEditing(false)} patientId={patientId} section={section as ChartedSection} entry={entry} />
      </OnceOpened>
      <OnceOpened open={amending}>
        <EntryFormDialog
          open={amending}
          onClose={() => setAmending(false)}
          patientId={patientId}
          section="clinicalNotes"
          amends={entry}
          onSaved={(saved) => void navigate(`/patients/${patientId}/clinical/clinicalNotes/${saved.entryId}`)}
        />
      </OnceOpened>
    </Box>
  );
}

const noteLink = (patientId: number, entryId: number) => (
  <Link component={RouterLink} to={`/patients/${patientId}/clinical/clinicalNotes/${entryId}`} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
    Note {entryId}
  </Link>
);

/**
 * At the top of a note: 'This note was amended. The correction is in Note N' (the list
 * shows its amendments), and on an amendment 'This note corrects Note N'.
 */
export function AmendNotice({ patientId, entry }: { patientId: number; entry: ClinicalEntry }) {
  const list = useSection(patientId, 'clinicalNotes');
  const amendments = amendmentsOf(list.data?.entries ?? []).get(entry.entryId) ?? [];
  const amends = entry.resource.section === 'clinicalNotes' && typeof entry.resource.amends === 'number' ? entry.resource.amends : null;
  if (amendments.length === 0 && amends === null) return null;
  return (
    <Alert severity={amendments.length > 0 ? 'warning' : 'info'} data-testid="amend-notice" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere', py: 0 } }}>
      {amendments.length > 0 && (
        <Box data-testid="amended-by">
          {FORM_TEXT.amendedNotice}{' '}
          {amendments.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              {noteLink(patientId, id)}
            </span>
          ))}
        </Box>
      )}
      {amends !== null && (
        <Box data-testid="amends-note">
          {FORM_TEXT.amendsNotice} {noteLink(patientId, amends)}
        </Box>
      )}
    </Alert>
  );
}

/** The entry's versions, newest first: when, who, and what each changed. */
export function EntryHistory({ patientId, section, entryId }: { patientId: number; section: SectionKey; entryId: number }) {
  const history = useEntryHistory(patientId, section, entryId);
  if (!isChartedSection(section)) return null;
  const rows = history.data ? historyRows(history.data.versions) : [];
  return (
    <Box component="section" aria-labelledby={`history-${entryId}`} data-testid="entry-history">
      <Typography id={`history-${entryId}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {FORM_TEXT.history}
      </Typography>
      {history.isError && <Typography color="error">{FORM_TEXT.historyFailed}</Typography>}
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {rows.map((v) => (
          <Box component="li" key={v.version} data-testid="history-version" sx={{ py: 1, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              Version {v.version} · {showDateTime(v.recordedAt)}
              {v.recordedBy ? ` · ${v.recordedBy}` : ''}
            </Typography>
            {v.first ? (
              <Typography variant="body2" color="textSecondary">
                {FORM_TEXT.recorded}
              </Typography>
            ) : v.changes.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                {FORM_TEXT.noChange}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {v.changes.map((c) => (
                  <Typography component="li" variant="body2" key={c.field}>
                    {c.label}: {c.before || '(empty)'} → {c.after || '(empty)'}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A red alert above the allergies naming each current severe one: never missed on a phone. */
export function SevereAllergies({ entries }: { entries: readonly ClinicalEntry[] }) {
  const names = severeAllergyNames(entries);
  if (names.length === 0) return null;
  return (
    <Alert severity="error" icon={<ReportOutlined />} data-testid="severe-allergy-alert" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      <Box component="strong" sx={{ fontWeight: 700 }}>
        {FORM_TEXT.severeAllergy}
      </Box>{' '}
      {names.join(', ')}
    </Alert>
  );
}
