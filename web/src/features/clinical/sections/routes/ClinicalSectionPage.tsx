import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePreferences } from '@/api/preferences/get-preferences';
import { FieldList } from '@/components/FieldList';
import { EmptyText } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { isNotFound, useSection, useSectionEntry } from '../api/get-section';
import { AddAttachmentButton } from '../components/AddAttachmentButton';
import { AddEntryButton, AmendNotice, EntryActions, EntryHistory, NoneKnownButton, SevereAllergies, UndoNoneKnownButton } from '../components/Charting';
import { EntryList, type ListRow } from '../components/EntryList';
import { Tag } from '../components/Tag';
import { amendmentsOf, reviewLine } from '../lib/charting-rules';
import { FORM_TEXT } from '../lib/form-text';
import { detailOf, headingOf, hrefOf, rowOf } from '../components/registry';
import { TitleBar } from '../components/TitleBar';
import { Failed, Loading, NoPatientSelected } from '../../components/ClinicalStatus';
import { bySeverity, overdueFirst, showDate } from '../lib/format';
import { NONE_KNOWN_SECTIONS, isSectionKey, parseEntryId, sectionHeading, toolbarTitle, type ClinicalSection, type SectionKey } from '../lib/sections';
import { EMPTY_TEXT, NONE_KNOWN_TEXT, SECTIONS_TEXT } from '../lib/texts';
import { TILE_INK } from '../../lib/ink';
import { CLINICAL_TEXT } from '../../lib/texts';

const boardOf = (patientId: number) => `/patients/${patientId}/clinical`;

const isNoneKnownKey = (section: SectionKey): section is (typeof NONE_KNOWN_SECTIONS)[number] => (NONE_KNOWN_SECTIONS as readonly string[]).includes(section);

/** A row with the 'Amended' tag beside its own (a note corrected by another). */
function withAmended(row: ListRow, amended: boolean): ListRow {
  if (!amended) return row;
  return {
    ...row,
    aside: (
      <>
        {row.aside}
        <Tag tone="neutral" testId="note-amended">
          {FORM_TEXT.amended}
        </Tag>
      </>
    ),
  };
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Clinical section" sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** 'Not a valid clinical route' (spec part 2, 'Clinical'): an unknown section, on the client or from the server. */
function NotValidRoute({ patientId }: { patientId: number }) {
  usePageTitle(CLINICAL_TEXT.title);
  return (
    <Frame>
      <TitleBar title={CLINICAL_TEXT.title} color="#37474F" ink={TILE_INK.light} back={{ to: boardOf(patientId), label: CLINICAL_TEXT.title }} />
      <EmptyText testId="not-valid-clinical-route">{SECTIONS_TEXT.notValidRoute}</EmptyText>
    </Frame>
  );
}

function useHeading(section: SectionKey) {
  const { clinicalSummary } = usePreferences();
  return sectionHeading(section, clinicalSummary);
}

/** What an empty section says: reviewed and none found (with the date) differs from never asked. */
function EmptySection({ patientId, section, data }: { patientId: number; section: SectionKey; data: ClinicalSection }) {
  const review = data.review;
  if (review?.noneKnown && (section === 'allergies' || section === 'problemList' || section === 'medications')) {
    return (
      <Box data-testid="section-none-known" sx={{ py: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{NONE_KNOWN_TEXT[section]}</Typography>
        <Typography variant="body2" color="textSecondary">
          {SECTIONS_TEXT.reviewedOn} {showDate(review.reviewedOn)}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <UndoNoneKnownButton patientId={patientId} section={section} data={data} />
        </Box>
      </Box>
    );
  }
  return <EmptyText testId="section-empty">{EMPTY_TEXT[section]}</EmptyText>;
}

/** /patients/{id}/clinical/{section}: the section's entries, each opening its detail. */
function SectionList({ patientId, section }: { patientId: number; section: SectionKey }) {
  const heading = useHeading(section);
  usePageTitle(toolbarTitle(heading.title));
  const query = useSection(patientId, section);
  if (query.error && isNotFound(query.error)) return <NotValidRoute patientId={patientId} />;
  const data = query.data;
  // Allergies severe first, preventive care overdue first (the server's order otherwise).
  const entries = !data ? [] : section === 'allergies' ? bySeverity(data.entries) : section === 'preventiveCare' ? overdueFirst(data.entries) : data.entries;
  // A note another note amends says 'Amended' beside its signed state.
  const amended = section === 'clinicalNotes' ? amendmentsOf(entries) : new Map<number, number[]>();
  return (
    <Frame>
      <TitleBar title={heading.title} color={heading.color} ink={heading.ink} count={data?.count} back={{ to: boardOf(patientId), label: CLINICAL_TEXT.title }} />
      {data && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <AddEntryButton patientId={patientId} section={section} />
          <AddAttachmentButton patientId={patientId} section={section} />
          <NoneKnownButton patientId={patientId} section={section} data={data} />
        </Box>
      )}
      {data ? (
        entries.length === 0 ? (
          <EmptySection patientId={patientId} section={section} data={data} />
        ) : (
          <>
            {data.review && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" color="textSecondary" data-testid="section-reviewed">
                  {reviewLine(isNoneKnownKey(section) ? section : null, data.review)}
                </Typography>
                <UndoNoneKnownButton patientId={patientId} section={section} data={data} />
              </Box>
            )}
            {section === 'allergies' && <SevereAllergies entries={entries} />}
            <EntryList
              label={heading.title}
              from={`/patients/${patientId}/clinical/${section}`}
              rows={entries.map((entry) => withAmended({ key: entry.entryId, to: hrefOf(section, patientId, entry.entryId), ...rowOf(entry) }, amended.has(entry.entryId)))}
            />
          </>
        )
      ) : query.error ? (
        <Failed retry={() => void query.refetch()}>{SECTIONS_TEXT.loadFailed}</Failed>
      ) : (
        <Loading />
      )}
    </Frame>
  );
}

/** /patients/{id}/clinical/{section}/{entryId}: one entry, every field labelled. */
function EntryPage({ patientId, section, entryId }: { patientId: number; section: SectionKey; entryId: number }) {
  const heading = useHeading(section);
  usePageTitle(toolbarTitle(heading.title));
  const query = useSectionEntry(patientId, section, entryId);
  const entry = query.data && query.data.resource.section === section ? query.data : undefined;
  const back = { to: `/patients/${patientId}/clinical/${section}`, label: heading.title };
  let body: ReactNode;
  if (entry) {
    const detail = detailOf(entry, patientId);
    body = (
      <>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }} data-testid="entry-heading">
          {headingOf(entry)}
        </Typography>
        {section === 'clinicalNotes' && <AmendNotice patientId={patientId} entry={entry} />}
        <EntryActions patientId={patientId} section={section} entry={entry} />
        <FieldList label={headingOf(entry)} rows={detail.rows} />
        {detail.extra}
        <EntryHistory patientId={patientId} section={section} entryId={entry.entryId} />
      </>
    );
  } else if ((query.error && isNotFound(query.error)) || query.data) {
    body = <EmptyText testId="entry-not-found">{SECTIONS_TEXT.entryNotFound}</EmptyText>;
  } else if (query.error) {
    body = <Failed retry={() => void query.refetch()}>{SECTIONS_TEXT.loadFailed}</Failed>;
  } else {
    body = <Loading />;
  }
  return (
    <Frame>
      <TitleBar title={heading.title} color={heading.color} ink={heading.ink} back={back} />
      {body}
    </Frame>
  );
}

/**
 * A chart section's page (the widget key from /patients/{id}/clinical/{widget}), or one of
 * its entries (/patients/{id}/clinical/{widget}/{entryId}). An unknown key says 'Not a valid
 * clinical route' without asking the server; an entry id that is not a positive whole
 * number says the entry was not found.
 */
export default function ClinicalSectionPage({ patientId, section, entryId }: { patientId: number | null; section: string | undefined; entryId?: string | undefined }) {
  if (patientId === null) return <NoPatientSelected />;
  if (!isSectionKey(section)) return <NotValidRoute patientId={patientId} />;
  if (entryId === undefined) return <SectionList key={section} patientId={patientId} section={section} />;
  const id = parseEntryId(entryId);
  if (id === null) return <EntryNotFound patientId={patientId} section={section} />;
  return <EntryPage key={`${section}/${id}`} patientId={patientId} section={section} entryId={id} />;
}

function EntryNotFound({ patientId, section }: { patientId: number; section: SectionKey }) {
  const heading = useHeading(section);
  usePageTitle(toolbarTitle(heading.title));
  return (
    <Frame>
      <TitleBar title={heading.title} color={heading.color} ink={heading.ink} back={{ to: `/patients/${patientId}/clinical/${section}`, label: heading.title }} />
      <EmptyText testId="entry-not-found">{SECTIONS_TEXT.entryNotFound}</EmptyText>
    </Frame>
  );
}
