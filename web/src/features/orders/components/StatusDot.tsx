import Box from '@mui/material/Box';
import { useOrderStatuses } from '../api/get-order-statuses';
import { ORDER_DOT_COLORS } from '../lib/constants';
import { statusDot } from '../lib/order-rules';

/**
 * The row's status dot: red for the statuses the server counts as open (1, 7, 8), blue for
 * 9 (available), none otherwise (and no red one until the statuses have loaded). The
 * status is also written out beside it, so the dot is decorative. `inline`: centred in
 * its line (the order page) rather than level with a row's first line.
 */
export function StatusDot({ statusId, inline = false }: { statusId: number; inline?: boolean }) {
  const dot = statusDot(statusId, useOrderStatuses().data);
  if (!dot) return null;
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="status-dot"
      data-dot={dot}
      sx={{ display: 'inline-block', flexShrink: 0, width: 12, height: 12, borderRadius: '50%', bgcolor: ORDER_DOT_COLORS[dot], mt: inline ? 0 : '6px' }}
    />
  );
}
