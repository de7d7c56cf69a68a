import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { backState } from '../lib/back';
import { CLINICAL_TEXT } from '../lib/texts';
import type { Tile } from '../lib/widgets';

const tileSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  minHeight: 56,
  height: '100%',
  boxSizing: 'border-box',
  px: 1.5,
  py: 1,
  borderRadius: 1,
  textDecoration: 'none',
  fontWeight: 500,
  lineHeight: 1.3,
  // A word wider than the whole tile may break; no other word does.
  overflowWrap: 'break-word',
} as const;

/**
 * One widget of the Clinical board: coloured, titled, the count in parentheses when above 0,
 * linking to the section's page (spec part 2). 'None known' when the list was reviewed and
 * nothing found; a section the user may not open has no link and a lock.
 */
export const WidgetTile = memo(function WidgetTile({ tile, patientId }: { tile: Tile; patientId: number }) {
  const colours = { bgcolor: tile.color, color: tile.ink };
  const text = (
    <Box component="span" sx={{ flex: '1 1 auto', minWidth: 0 }}>
      <Box component="span" sx={{ display: 'block' }}>
        {tile.label}
      </Box>
      {tile.noneKnown && (
        <Box component="span" data-testid="none-known" sx={{ display: 'block', fontSize: '0.8125rem', fontWeight: 400, fontStyle: 'italic' }}>
          {CLINICAL_TEXT.noneKnown}
        </Box>
      )}
    </Box>
  );
  if (!tile.open) {
    return (
      <Box sx={{ ...tileSx, ...colours }} data-testid={`clinical-tile-${tile.key}`}>
        {text}
        <LockOutlined fontSize="small" titleAccess={CLINICAL_TEXT.noAccess} />
      </Box>
    );
  }
  return (
    <Box
      component={RouterLink}
      to={`/patients/${patientId}/clinical/${tile.key}`}
      state={backState(`/patients/${patientId}/clinical`)}
      data-testid={`clinical-tile-${tile.key}`}
      sx={{ ...tileSx, ...colours, '&:hover': { filter: 'brightness(0.92)' }, '&:active': { filter: 'brightness(0.85)' } }}
    >
      {text}
    </Box>
  );
});
