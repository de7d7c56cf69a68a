import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { backState } from '../../lib/back';

/** What one row of a section shows: the most important field first, then short lines, and a status at the side. */
export interface RowView {
  primary: ReactNode;
  lines?: ReactNode[];
  aside?: ReactNode;
}

export interface ListRow extends RowView {
  key: number;
  to: string;
}

/**
 * A section's entries, one link per row (the whole row opens the entry; `from` is the
 * section's own address, for the entry's way back). Long text wraps;
 * nothing is cut off or wider than a 360 px phone.
 */
export function EntryList({ label, rows, from }: { label: string; rows: ListRow[]; from: string }) {
  return (
    <List aria-label={label} disablePadding data-testid="section-entries">
      {rows.map((row) => (
        <li key={row.key}>
          <ListItemButton component={RouterLink} to={row.to} state={backState(from)} divider sx={{ alignItems: 'flex-start', gap: 1, px: 1, py: 1.25, minHeight: 48 }} data-testid="section-entry">
            <Box sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
                <Typography component="span" sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {row.primary}
                </Typography>
                {row.aside}
              </Box>
              {row.lines
                ?.filter((line) => line !== '' && line !== null && line !== undefined && line !== false)
                .map((line, index) => (
                  <Typography key={index} component="span" variant="body2" color="textSecondary" sx={{ display: 'block', mt: 0.25, overflowWrap: 'anywhere' }}>
                    {line}
                  </Typography>
                ))}
            </Box>
            <ChevronRight aria-hidden color="action" sx={{ flex: 'none', mt: 0.25 }} />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}

