import Box from '@mui/material/Box';
import { statusDot } from '../lib/order-rules';
import { ORDER_DOT_COLORS } from '../lib/constants';

/**
 * The row's status dot: red for open statuses (1, 7, 8), blue for 9 (available), none
 * otherwise. The status is also written out beside it, so the dot is decorative. `inline`:
 * centred in its line (the order page) rather than level with a row's first line.
 */
export function StatusDot({ statusId, inline = false }: { statusId: number; inline?: boolean }) {
  const dot = statusDot(statusId);
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
