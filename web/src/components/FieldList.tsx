import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { phoneTypeLabel, telHref } from '@/lib/format';

export interface FieldRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

const EMPTY = (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    —
  </Box>
);

/** A read-only list of labelled values (a description list), two columns from `sm` up. */
export function FieldList({ rows, label }: { rows: FieldRow[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' },
        columnGap: 2,
        '& dt': { color: 'text.secondary', fontSize: '0.875rem', pt: { xs: 1.25, sm: 1.5 } },
        // A word breaks only when it alone is wider than the list (a last resort); e-mail
        // addresses carry their own break points (EmailText).
        '& dd': { m: 0, pb: 1.25, pt: { xs: 0.25, sm: 1.5 }, borderBottom: 1, borderColor: 'divider', overflowWrap: 'break-word' },
        '& dt:not(:first-of-type)': { borderTop: { sm: 1 }, borderColor: { sm: 'transparent' } },
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value === '' || row.value === null || row.value === undefined ? EMPTY : row.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** A phone as a telephone link. */
export function PhoneLink({ number }: { number: string }) {
  return <Link href={telHref(number)}>{number}</Link>;
}

/** The first phone as a row labelled by its type (Home Phone when the type is unknown). */
export function phoneRow(phone: { number?: string; type?: number | null } | null | undefined): FieldRow {
  return { label: phoneTypeLabel(phone?.type), value: phone?.number ? <PhoneLink number={phone.number} /> : '', testId: 'primary-phone' };
}
