import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { FieldRow } from '@/components/FieldList';
import {
  ageYears,
  allergyCategory,
  bmiDisplay,
  codeWords,
  dateSpan,
  medicationSpan,
  dioptres,
  directionWords,
  dotted,
  fileType,
  firstLines,
  isOverdue,
  labFlag,
  labValue,
  lensSummary,
  modalityWords,
  money,
  perioSummaryText,
  scoreText,
  severityRank,
  severityWord,
  showDate,
  showDateTime,
  sizeKb,
  udiParts,
  urlParts,
  vitalsDisplay,
  yesNo,
} from '../lib/format';
import type { ClinicalEntry, ResourceOf, SectionKey } from '../lib/sections';
import { SECTIONS_TEXT } from '../lib/texts';
import { AttachmentFile } from './AttachmentFile';
import type { RowView } from './EntryList';
import { PerioChart } from './PerioChart';
import { CodeNote, Tag } from './Tag';

export interface DetailContext {
  patientId: number;
  entry: ClinicalEntry;
}

export interface DetailView {
  rows: FieldRow[];
  /** What follows the fields: a perio chart, an image, a plan's phases, links. */
  extra?: ReactNode;
}

export interface SectionView<K extends SectionKey> {
  row: (resource: ResourceOf<K>) => RowView;
  /** A heading for the entry's own page. */
  heading: (resource: ResourceOf<K>) => string;
  detail: (resource: ResourceOf<K>, context: DetailContext) => DetailView;
  /** Where a row leads, when not the section's own entry page. */
  href?: (patientId: number, entryId: number) => string;
}

export type Registry = { [K in SectionKey]: SectionView<K> };

/** A link inside a field's value, tall enough for a finger (44 px) without moving its text. */
/** A UMLS concept unique identifier: 'C0011860'. */
export const isUmlsConcept = (id: string | null | undefined): boolean => /^C\d{7}$/.test((id ?? '').trim());

const TAP_SX = { display: 'inline-flex', alignItems: 'center', minHeight: 44, overflowWrap: 'anywhere' } as const;

/** A long text as written: its line breaks kept, long words wrapped. */
function Text({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}

/** A UDI that wraps only between its parts (see udiParts). */
function Udi({ udi }: { udi: string }) {
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
      {udiParts(udi).map((part, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </Box>
  );
}

function LabFlagTag({ interpretation }: { interpretation: string }) {
  const flag = labFlag(interpretation);
  if (!flag) return null;
  if (!flag.outOfRange) return <Tag tone="ok">{flag.code} {flag.word}</Tag>;
  const icon = flag.code === 'H' ? <ArrowUpward aria-hidden /> : flag.code === 'L' ? <ArrowDownward aria-hidden /> : <ErrorOutline aria-hidden />;
  return (
    <Tag tone="danger" icon={icon} testId="lab-flag">
      {flag.code} {flag.word}
    </Tag>
  );
}

function SeverityTag({ severity }: { severity: string }) {
  const rank = severityRank(severity);
  const word = severityWord(severity);
  if (rank === 0) {
    return (
      <Tag tone="danger" icon={<ReportOutlined aria-hidden />} testId="allergy-severity">
        {word}
      </Tag>
    );
  }
  return (
    <Tag tone={rank === 3 ? 'neutral' : 'info'} icon={<ErrorOutline aria-hidden />} testId="allergy-severity">
      {word}
    </Tag>
  );
}

function OverdueTag() {
  return (
    <Tag tone="danger" icon={<ErrorOutline aria-hidden />} testId="overdue">
      {SECTIONS_TEXT.overdue}
    </Tag>
  );
}

function SignedTag({ signed }: { signed: boolean }) {
  return (
    <Tag tone={signed ? 'ok' : 'danger'} testId="note-signed">
      {signed ? SECTIONS_TEXT.signed : SECTIONS_TEXT.unsigned}
    </Tag>
  );
}

const alertView = (kind: 'account' | 'patient'): SectionView<'accountAlerts'> & SectionView<'patientAlerts'> => ({
  row: (r) => ({
    primary: r.description,
    lines: [dotted(`Raised ${showDateTime(r.created)}`, kind === 'account' && r.expiration ? `Expires ${showDate(r.expiration)}` : '')],
    aside: r.isPreventiveCare ? <Tag tone="info">Preventive care</Tag> : undefined,
  }),
  heading: (r) => r.description,
  detail: (r) => ({
    rows: [
      { label: 'Alert', value: <Text>{r.description}</Text> },
      { label: 'Raised', value: showDateTime(r.created) },
      ...(kind === 'account' ? [{ label: 'Expires', value: r.expiration ? showDate(r.expiration) : 'Never' }] : []),
      { label: 'Preventive care recall', value: yesNo(r.isPreventiveCare) },
    ],
  }),
});

/** Every section's row, entry heading and detail: one place, one row layout, one field list. */
export const SECTION_VIEWS: Registry = {
  accountAlerts: alertView('account'),
  patientAlerts: alertView('patient'),
  allergies: {
    row: (r) => ({
      primary: r.substance,
      aside: <SeverityTag severity={r.severity} />,
      lines: [r.reaction ? `Reaction: ${r.reaction}` : '', dotted(allergyCategory(r.category), codeWords(r.clinicalStatus), codeWords(r.verificationStatus))],
    }),
    heading: (r) => r.substance,
    detail: (r) => ({
      rows: [
        { label: 'Substance', value: r.substance },
        { label: 'Severity', value: <SeverityTag severity={r.severity} /> },
        { label: 'Reaction', value: r.reaction },
        { label: 'Type', value: allergyCategory(r.category) },
        { label: 'Status', value: codeWords(r.clinicalStatus) },
        { label: 'Verification', value: codeWords(r.verificationStatus) },
        { label: 'Onset', value: showDate(r.onset) },
        { label: 'Note', value: r.note ? <Text>{r.note}</Text> : '' },
        { label: 'Recorded', value: showDateTime(r.recorded) },
      ],
    }),
  },
  attachments: {
    row: (r) => ({
      primary: r.title,
      lines: [dotted(r.category, showDate(r.date)), dotted(fileType(r.contentType), sizeKb(r.size))],
    }),
    heading: (r) => r.title,
    detail: (r, { patientId, entry }) => ({
      rows: [
        { label: 'Title', value: r.title },
        { label: 'Category', value: r.category },
        { label: 'Date', value: showDate(r.date) },
        { label: 'Type', value: dotted(fileType(r.contentType), r.contentType) },
        { label: 'Size', value: sizeKb(r.size) },
        { label: 'Description', value: r.description ? <Text>{r.description}</Text> : '' },
      ],
      extra: <AttachmentFile patientId={patientId} entryId={entry.entryId} title={r.title} contentType={r.contentType} />,
    }),
  },
  careTeam: {
    row: (r) => ({
      primary: r.member,
      aside: r.status === 'inactive' ? <Tag tone="neutral">Inactive</Tag> : undefined,
      lines: [r.role, r.organization, dateSpan(r.since, r.until)],
    }),
    heading: (r) => r.member,
    detail: (r) => ({
      rows: [
        { label: 'Member', value: r.member },
        { label: 'Role', value: r.role },
        { label: 'Organization', value: r.organization },
        { label: 'Phone', value: r.phone ? <Link href={`tel:${r.phone.replace(/[^\d+]/g, '')}`} sx={TAP_SX}>{r.phone}</Link> : '' },
        { label: 'Since', value: showDate(r.since) },
        { label: 'Until', value: showDate(r.until) },
        { label: 'Status', value: codeWords(r.status) },
      ],
    }),
  },
  clinicalNotes: {
    row: (r) => ({
      primary: r.noteType || 'Note',
      aside: <SignedTag signed={r.signed} />,
      lines: [dotted(showDateTime(r.date), r.author), firstLines(r.text, r.textTruncated)],
    }),
    heading: (r) => dotted(r.noteType || 'Note', showDate(r.date)),
    detail: (r, { patientId }) => ({
      rows: [
        { label: 'Date', value: showDateTime(r.date) },
        { label: 'Type', value: r.noteType },
        { label: 'Author', value: r.author },
        { label: 'Status', value: <SignedTag signed={r.signed} /> },
        { label: 'Signed', value: r.signed ? dotted(showDateTime(r.signedAt), r.signedBy ? `by ${r.signedBy}` : '') : '' },
        {
          label: 'Amends',
          value:
            typeof r.amends === 'number' ? (
              <Link component={RouterLink} to={`/patients/${patientId}/clinical/clinicalNotes/${r.amends}`} sx={TAP_SX}>
                Note {r.amends}
              </Link>
            ) : (
              ''
            ),
        },
        { label: 'Note', value: <Text>{r.text}</Text>, testId: 'note-text' },
      ],
    }),
  },
  education: {
    row: (r) => ({ primary: r.material, lines: [r.topic, dotted(showDate(r.sent), r.givenBy, codeWords(r.medium))] }),
    heading: (r) => r.material,
    detail: (r) => ({
      rows: [
        { label: 'Material', value: r.material },
        { label: 'Topic', value: r.topic },
        { label: 'Given', value: showDate(r.sent) },
        { label: 'Given by', value: r.givenBy },
        { label: 'How', value: codeWords(r.medium) },
        {
          label: 'Link',
          value: /^https?:\/\//i.test(r.link) ? (
            <Link href={r.link} target="_blank" rel="noopener noreferrer" sx={{ ...TAP_SX, display: 'inline-block', py: 1.25, overflowWrap: 'normal' }}>
              {urlParts(r.link).map((part, index) => (
                <Fragment key={index}>
                  {index > 0 && <wbr />}
                  {part}
                </Fragment>
              ))}
            </Link>
          ) : (
            r.link
          ),
        },
      ],
    }),
  },
  familyHistory: {
    row: (r) => ({
      primary: dotted(r.relationship, r.condition),
      lines: [dotted(r.code ? `ICD-10-CM ${r.code}` : '', typeof r.onsetAge === 'number' ? `Onset at ${r.onsetAge}` : '', r.deceased ? 'Deceased' : '')],
    }),
    heading: (r) => dotted(r.relationship, r.condition),
    detail: (r) => ({
      rows: [
        { label: 'Relative', value: r.relationship },
        { label: 'Condition', value: r.condition },
        { label: 'ICD-10-CM code', value: r.code },
        { label: 'Age at onset', value: ageYears(r.onsetAge) },
        { label: 'Deceased', value: yesNo(r.deceased) },
        { label: 'Note', value: r.note ? <Text>{r.note}</Text> : '' },
      ],
    }),
  },
  forms: {
    row: (r) => ({
      primary: r.formName,
      aside: r.status !== 'completed' ? <Tag tone="info">{codeWords(r.status)}</Tag> : undefined,
      lines: [showDateTime(r.authored), dotted(typeof r.score === 'number' ? `Score ${scoreText(r.score, r.maxScore)}` : '', r.interpretation)],
    }),
    heading: (r) => r.formName,
    detail: (r) => ({
      rows: [
        { label: 'Form', value: r.formName },
        { label: 'Completed', value: showDateTime(r.authored) },
        { label: 'Status', value: codeWords(r.status) },
        { label: 'Score', value: scoreText(r.score, r.maxScore) },
        { label: 'Interpretation', value: r.interpretation },
      ],
    }),
  },
  genderIdentityAndSexualOrientation: {
    row: (r) => ({
      primary: r.genderIdentity || 'Gender identity not recorded',
      lines: [r.sexualOrientation ? `Sexual orientation: ${r.sexualOrientation}` : '', r.pronouns ? `Pronouns: ${r.pronouns}` : '', `Recorded ${showDate(r.recorded)}`],
    }),
    heading: () => 'Gender identity and sexual orientation',
    detail: (r) => ({
      rows: [
        { label: 'Gender identity', value: r.genderIdentity },
        { label: 'Sexual orientation', value: r.sexualOrientation },
        { label: 'Pronouns', value: r.pronouns },
        { label: 'Recorded', value: showDate(r.recorded) },
      ],
    }),
  },
  goals: {
    row: (r) => ({
      primary: r.description,
      aside: <Tag tone={r.lifecycleStatus === 'completed' ? 'ok' : 'info'}>{codeWords(r.lifecycleStatus)}</Tag>,
      lines: [codeWords(r.achievementStatus), r.targetDate ? `Target ${showDate(r.targetDate)}` : ''],
    }),
    heading: (r) => r.description,
    detail: (r) => ({
      rows: [
        { label: 'Goal', value: <Text>{r.description}</Text> },
        { label: 'Status', value: codeWords(r.lifecycleStatus) },
        { label: 'Progress', value: codeWords(r.achievementStatus) },
        { label: 'Start', value: showDate(r.start) },
        { label: 'Target date', value: showDate(r.targetDate) },
        { label: 'Note', value: r.note ? <Text>{r.note}</Text> : '' },
      ],
    }),
  },
  imagingVisits: {
    row: (r) => ({
      primary: r.description || modalityWords(r.modality),
      lines: [dotted(showDate(r.started), modalityWords(r.modality)), dotted(`${r.numberOfInstances} ${r.numberOfInstances === 1 ? 'image' : 'images'}`, r.teeth.length ? `Teeth ${r.teeth.join(', ')}` : '')],
    }),
    heading: (r) => r.description || modalityWords(r.modality),
    detail: (r) => ({
      rows: [
        { label: 'Date', value: showDate(r.started) },
        { label: 'Modality', value: modalityWords(r.modality) },
        { label: 'Description', value: r.description },
        { label: 'Images', value: String(r.numberOfInstances) },
        { label: 'Teeth', value: r.teeth.join(', ') },
        { label: 'Reason', value: r.reason },
      ],
    }),
  },
  immunizations: {
    row: (r) => ({
      primary: r.vaccine,
      aside:
        r.status === 'not-done' ? (
          <Tag tone="danger" icon={<ErrorOutline aria-hidden />} testId="not-given">
            {SECTIONS_TEXT.notGiven}
          </Tag>
        ) : undefined,
      lines: [
        dotted(showDate(r.occurrence), typeof r.doseNumber === 'number' ? `Dose ${r.doseNumber}` : ''),
        r.status === 'not-done' ? (r.statusReason ? `Reason: ${r.statusReason}` : '') : dotted(r.site, r.primarySource ? '' : 'Reported'),
      ],
    }),
    heading: (r) => r.vaccine,
    detail: (r) => ({
      rows: [
        { label: 'Vaccine', value: <>{r.vaccine}<CodeNote system="CVX" code={r.cvx} /></> },
        { label: 'Date', value: showDate(r.occurrence) },
        { label: 'Status', value: r.status === 'not-done' ? <Tag tone="danger">{SECTIONS_TEXT.notGiven}</Tag> : 'Given' },
        // Asked only of a vaccine not given; a given one has no such row.
        ...(r.status === 'not-done' ? [{ label: 'Reason not given', value: r.statusReason }] : []),
        { label: 'Dose number', value: typeof r.doseNumber === 'number' ? String(r.doseNumber) : '' },
        { label: 'Lot number', value: r.lotNumber },
        { label: 'Manufacturer', value: r.manufacturer },
        { label: 'Site', value: r.site },
        { label: 'Source', value: r.primarySource ? 'Given here' : 'Reported by the patient or another provider' },
      ],
    }),
  },
  labs: {
    row: (r) => ({
      primary: r.test,
      aside: <LabFlagTag interpretation={r.interpretation} />,
      lines: [dotted(labValue(r.value, r.unit), r.referenceRange ? `Range ${labValue(r.referenceRange, r.unit)}` : ''), dotted(showDate(r.effective), r.panel, r.status !== 'final' ? codeWords(r.status) : '')],
    }),
    heading: (r) => r.test,
    detail: (r) => ({
      rows: [
        { label: 'Test', value: <>{r.test}<CodeNote system="LOINC" code={r.loinc} /></> },
        { label: 'Panel', value: r.panel },
        { label: 'Result', value: labValue(r.value, r.unit), testId: 'lab-value' },
        { label: 'Reference range', value: r.referenceRange ? labValue(r.referenceRange, r.unit) : '' },
        { label: 'Flag', value: <LabFlagTag interpretation={r.interpretation} /> },
        { label: 'Date', value: showDate(r.effective) },
        { label: 'Status', value: codeWords(r.status) },
      ],
    }),
  },
  medications: {
    row: (r) => ({
      primary: r.medication,
      aside: r.status !== 'active' ? <Tag tone="neutral">{codeWords(r.status)}</Tag> : undefined,
      lines: [r.dosage, dotted(r.reason, medicationSpan(r.start, r.end, r.status))],
    }),
    heading: (r) => r.medication,
    detail: (r) => ({
      rows: [
        { label: 'Medication', value: r.medication },
        { label: 'Dosage', value: r.dosage },
        { label: 'Reason', value: r.reason },
        { label: 'Status', value: codeWords(r.status) },
        { label: 'Start', value: showDate(r.start) },
        { label: 'End', value: showDate(r.end) },
        { label: 'Prescriber', value: r.prescriber },
      ],
    }),
  },
  opticalRX: {
    row: (r) => ({
      primary: `Written ${showDate(r.dateWritten)}`,
      lines: [`Right (OD): ${lensSummary(r.right) || '—'}`, `Left (OS): ${lensSummary(r.left) || '—'}`, dotted(r.prescriber, r.expires ? `Expires ${showDate(r.expires)}` : '')],
    }),
    heading: (r) => `Optical Rx ${showDate(r.dateWritten)}`,
    detail: (r) => ({
      rows: [
        { label: 'Written', value: showDate(r.dateWritten) },
        { label: 'Prescriber', value: r.prescriber },
        { label: 'Expires', value: showDate(r.expires) },
        ...(
          [
            ['Right eye (OD)', r.right],
            ['Left eye (OS)', r.left],
          ] as const
        ).flatMap(([eye, lens]) => [
          { label: `${eye} sphere`, value: dioptres(lens.sphere) },
          { label: `${eye} cylinder`, value: dioptres(lens.cylinder) },
          { label: `${eye} axis`, value: typeof lens.axis === 'number' ? `${lens.axis}°` : '' },
          { label: `${eye} add`, value: dioptres(lens.add) },
          { label: `${eye} prism`, value: lens.prism ? `${lens.prism} Δ${lens.base ? ` base ${lens.base}` : ''}` : '' },
        ]),
      ],
    }),
  },
  orders: {
    row: (r) => ({
      primary: r.description || r.orderType,
      aside: r.urgent ? <Tag tone="danger">{SECTIONS_TEXT.urgent}</Tag> : undefined,
      lines: [dotted(r.orderType, r.status), dotted(`Ordered ${showDate(r.ordered)}`, r.due ? `Due ${showDate(r.due)}` : '')],
    }),
    heading: (r) => r.description || r.orderType,
    detail: (r, { entry }) => ({
      rows: [
        { label: 'Description', value: r.description },
        { label: 'Type', value: r.orderType },
        { label: 'Status', value: r.status },
        // The same word and colour as the row's tag, not a plain 'Yes'.
        { label: 'Urgent', value: r.urgent ? <Tag tone="danger" testId="order-urgent">{SECTIONS_TEXT.urgent}</Tag> : 'No' },
        { label: 'Ordered', value: showDate(r.ordered) },
        { label: 'Due', value: showDate(r.due) },
        { label: 'Assigned to', value: r.assignedTo },
        { label: 'Provider', value: r.provider },
      ],
      extra: (
        <Box>
          <Button variant="outlined" component={RouterLink} to={`/orders/${entry.entryId}`} endIcon={<ChevronRight aria-hidden />} sx={{ minHeight: 44 }} data-testid="open-order">
            {SECTIONS_TEXT.openOrder}
          </Button>
        </Box>
      ),
    }),
  },
  patientImplantableDevices: {
    row: (r) => ({
      primary: r.deviceName,
      aside: r.status !== 'active' ? <Tag tone="neutral">{codeWords(r.status)}</Tag> : undefined,
      lines: [r.implanted ? `Implanted ${showDate(r.implanted)}` : '', r.manufacturer, r.udi ? <>UDI <Udi udi={r.udi} /></> : ''],
    }),
    heading: (r) => r.deviceName,
    detail: (r) => ({
      rows: [
        { label: 'Device', value: r.deviceName },
        { label: 'UDI', value: <Udi udi={r.udi} /> },
        { label: 'Manufacturer', value: r.manufacturer },
        { label: 'Lot number', value: r.lotNumber },
        { label: 'Serial number', value: r.serialNumber },
        { label: 'Implanted', value: showDate(r.implanted) },
        { label: 'Expires', value: showDate(r.expirationDate) },
        { label: 'Status', value: codeWords(r.status) },
      ],
    }),
  },
  patientNotes: {
    row: (r) => ({ primary: r.title || 'Note', lines: [dotted(showDateTime(r.date), r.author), firstLines(r.text, r.textTruncated)] }),
    heading: (r) => r.title || 'Note',
    detail: (r) => ({
      rows: [
        { label: 'Title', value: r.title },
        { label: 'Date', value: showDateTime(r.date) },
        { label: 'Author', value: r.author },
        { label: 'Note', value: <Text>{r.text}</Text>, testId: 'note-text' },
      ],
    }),
  },
  perioVisits: {
    row: (r) => ({ primary: `Exam ${showDate(r.examDate)}`, lines: [r.provider, perioSummaryText(r), r.note] }),
    heading: (r) => `Perio exam ${showDate(r.examDate)}`,
    detail: (r) => ({
      rows: [
        { label: 'Exam date', value: showDate(r.examDate) },
        { label: 'Provider', value: r.provider },
        { label: 'Teeth charted', value: String(r.teethCharted), testId: 'perio-teeth-charted' },
        { label: 'Deep sites (5 mm or more)', value: String(r.deepSites), testId: 'perio-deep-sites' },
        { label: 'Bleeding sites', value: String(r.bleedingSites), testId: 'perio-bleeding-sites' },
        { label: 'Note', value: r.note ? <Text>{r.note}</Text> : '' },
      ],
      extra: r.teeth && r.teeth.length > 0 ? <PerioChart teeth={r.teeth} /> : undefined,
    }),
  },
  preventiveCare: {
    row: (r) => ({
      primary: r.item,
      aside: isOverdue(r) ? <OverdueTag /> : undefined,
      lines: [
        <Box component="span" key="due" sx={isOverdue(r) ? { color: '#B71C1C', fontWeight: 700 } : undefined}>
          Due {showDate(r.dueDate)}
        </Box>,
        dotted(r.lastDone ? `Last done ${showDate(r.lastDone)}` : 'Never done', typeof r.intervalMonths === 'number' ? `Every ${r.intervalMonths} months` : ''),
      ],
    }),
    heading: (r) => r.item,
    detail: (r) => ({
      rows: [
        { label: 'Item', value: r.item },
        {
          label: 'Due',
          value: isOverdue(r) ? (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', color: '#B71C1C', fontWeight: 700 }}>
              {showDate(r.dueDate)} <OverdueTag />
            </Box>
          ) : (
            showDate(r.dueDate)
          ),
        },
        { label: 'Last done', value: r.lastDone ? showDate(r.lastDone) : 'Never' },
        { label: 'Interval', value: typeof r.intervalMonths === 'number' ? `${r.intervalMonths} months` : '' },
      ],
    }),
  },
  problemList: {
    row: (r) => ({
      primary: r.description,
      aside: r.clinicalStatus !== 'active' ? <Tag tone="neutral">{codeWords(r.clinicalStatus)}</Tag> : undefined,
      lines: [dotted(r.code ? `ICD-10-CM ${r.code}` : '', r.onset ? `Onset ${showDate(r.onset)}` : '', r.resolved ? `Resolved ${showDate(r.resolved)}` : '')],
    }),
    heading: (r) => r.description,
    detail: (r) => ({
      rows: [
        { label: 'Problem', value: r.description },
        { label: 'ICD-10-CM code', value: r.code },
        { label: 'Status', value: codeWords(r.clinicalStatus) },
        { label: 'Onset', value: showDate(r.onset) },
        { label: 'Resolved', value: showDate(r.resolved) },
        // Only a real UMLS concept id (C and 7 digits) is one: a problem charted here carries its
        // code as `umlsId` ('ICD10CM:E11.9'), which is not shown again under the wrong name.
        ...(isUmlsConcept(r.umlsId) ? [{ label: 'UMLS concept', value: r.umlsId }] : []),
        { label: 'Recorded', value: showDateTime(r.recorded) },
      ],
    }),
  },
  procedures: {
    row: (r) => ({
      primary: r.description || r.code,
      aside: r.status !== 'completed' ? <Tag tone="neutral">{codeWords(r.status)}</Tag> : undefined,
      lines: [dotted(showDate(r.performed), r.code), dotted(r.tooth ? `Tooth ${r.tooth}` : '', r.surfaces ? `Surfaces ${r.surfaces.toUpperCase()}` : '', r.provider)],
    }),
    heading: (r) => r.description || r.code,
    detail: (r) => ({
      rows: [
        { label: 'Procedure', value: r.description },
        { label: 'Code', value: r.code },
        { label: 'Date', value: showDate(r.performed) },
        { label: 'Tooth', value: r.tooth },
        { label: 'Surfaces', value: r.surfaces.toUpperCase() },
        { label: 'Provider', value: r.provider },
        { label: 'Status', value: codeWords(r.status) },
      ],
    }),
  },
  referrals: {
    row: (r) => ({
      primary: r.referrer,
      aside: <Tag tone={r.status === 'cancelled' ? 'neutral' : r.status === 'completed' ? 'ok' : 'info'}>{codeWords(r.status)}</Tag>,
      lines: [r.company, dotted(showDate(r.date), codeWords(r.direction))],
    }),
    heading: (r) => r.referrer,
    detail: (r) => ({
      rows: [
        { label: 'Referrer', value: r.referrer },
        { label: 'Company', value: r.company },
        { label: 'Specialty', value: r.specialty },
        { label: 'Date', value: showDate(r.date) },
        { label: 'Direction', value: directionWords(r.direction) },
        { label: 'Status', value: codeWords(r.status) },
        { label: 'Reason', value: r.reason },
      ],
    }),
  },
  smokingStatus: {
    row: (r) => ({ primary: r.display, lines: [<CodeNote key="code" system="SNOMED CT" code={r.code} />, showDate(r.effective)] }),
    heading: (r) => r.display,
    detail: (r) => ({
      rows: [
        { label: 'Smoking status', value: <>{r.display}<CodeNote system="SNOMED CT" code={r.code} /></> },
        { label: 'Date', value: showDate(r.effective) },
      ],
    }),
  },
  socialPsychologicalBehavioral: {
    row: (r) => ({
      primary: r.instrument,
      lines: [dotted(showDate(r.effective), typeof r.score === 'number' ? `Score ${r.score}` : ''), r.interpretation, r.positiveDomains.length ? `Positive: ${r.positiveDomains.join(', ')}` : ''],
    }),
    heading: (r) => r.instrument,
    detail: (r) => ({
      rows: [
        { label: 'Screening', value: r.instrument },
        { label: 'Date', value: showDate(r.effective) },
        { label: 'Score', value: scoreText(r.score) },
        { label: 'Interpretation', value: r.interpretation },
        { label: 'Positive domains', value: r.positiveDomains.join(', ') },
      ],
    }),
  },
  treatmentPlans: {
    row: (r) => ({
      primary: r.heading,
      lines: [`Total ${money(r.total)}`, dotted(`Created ${showDate(r.created)}`, `${r.phases.length} ${r.phases.length === 1 ? 'phase' : 'phases'}`)],
    }),
    heading: (r) => r.heading,
    detail: (r) => ({
      rows: [
        { label: 'Heading', value: r.heading },
        { label: 'Created', value: showDateTime(r.created) },
        { label: 'Total', value: money(r.total), testId: 'plan-total' },
        { label: 'Est. Insurance Portion', value: money(r.insurancePortion) },
        { label: 'Est. Patient Portion', value: money(r.patientPortion) },
      ],
      extra: r.phases.length ? (
        <Box component="section" aria-label="Phases">
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
            Phases
          </Typography>
          <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& th, & td': { borderBottom: 1, borderColor: 'divider', py: 0.75, px: 0.5, textAlign: 'left', overflowWrap: 'anywhere' } }}>
            <thead>
              <tr>
                <th scope="col">Phase</th>
                <th scope="col">Procedures</th>
                <Box component="th" scope="col" sx={{ textAlign: 'right !important' }}>
                  Total
                </Box>
              </tr>
            </thead>
            <tbody>
              {r.phases.map((phase, index) => (
                <tr key={index}>
                  <td>{phase.name}</td>
                  <td>{phase.procedures}</td>
                  <Box component="td" sx={{ textAlign: 'right !important', whiteSpace: 'nowrap' }}>
                    {money(phase.total)}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : undefined,
    }),
  },
  vitals: {
    row: (r) => {
      const v = vitalsDisplay(r);
      return {
        primary: showDateTime(r.measured),
        lines: [dotted(v.bloodPressure && `BP ${v.bloodPressure}`, v.pulse && `Pulse ${v.pulse}`), dotted(v.temperature && `Temp ${v.temperature}`, v.sp02 && `SpO2 ${v.sp02}`), dotted(v.height && `Height ${v.height}`, v.weight && `Weight ${v.weight}`), v.bmi && `BMI ${v.bmi}`],
      };
    },
    heading: (r) => `Vitals ${showDateTime(r.measured)}`,
    detail: (r) => {
      const v = vitalsDisplay(r);
      return {
        rows: [
          { label: 'Measured', value: showDateTime(r.measured) },
          { label: 'Blood Pressure', value: v.bloodPressure },
          { label: 'Pulse', value: v.pulse },
          { label: 'Temperature', value: v.temperature },
          { label: 'SpO2', value: v.sp02 },
          { label: 'Respiratory Rate', value: v.respiratoryRate },
          { label: 'Height', value: v.height },
          { label: 'Weight', value: v.weight },
          { label: 'BMI', value: bmiDisplay(r.bmi) },
        ],
      };
    },
    // The vitals feature's measurement page shows one set of vitals.
    href: (patientId, entryId) => `/patients/${patientId}/clinical/vitals/${entryId}`,
  },
};

/** The view of one entry, whatever its section (the resource's tag picks it). */
export function viewOf<K extends SectionKey>(section: K): SectionView<K> {
  return SECTION_VIEWS[section] as SectionView<K>;
}

export function rowOf(entry: ClinicalEntry): RowView {
  const view = SECTION_VIEWS[entry.resource.section] as SectionView<SectionKey>;
  return view.row(entry.resource as ResourceOf<SectionKey>);
}

export function headingOf(entry: ClinicalEntry): string {
  const view = SECTION_VIEWS[entry.resource.section] as SectionView<SectionKey>;
  return view.heading(entry.resource as ResourceOf<SectionKey>);
}

export function detailOf(entry: ClinicalEntry, patientId: number): DetailView {
  const view = SECTION_VIEWS[entry.resource.section] as SectionView<SectionKey>;
  return view.detail(entry.resource as ResourceOf<SectionKey>, { patientId, entry });
}

export function hrefOf(section: SectionKey, patientId: number, entryId: number): string {
  const view = SECTION_VIEWS[section] as SectionView<SectionKey>;
  return view.href ? view.href(patientId, entryId) : `/patients/${patientId}/clinical/${section}/${entryId}`;
}
