import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The number of filters in use, over the filter icon: drawn as the component library's
 * badge is (secondary colour, 20px high, at the icon's top right) without its code, which
 * the orders and schedule pages would otherwise load on their first render (issue 17,
 * sizes). Hidden from screen readers: the button's own name says the count.
 */
export function FilterCountBadge({ count, overlapCircle = false, children }: { count: number; overlapCircle?: boolean; children: ReactNode }) {
  const inset = overlapCircle ? '14%' : 0;
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0, verticalAlign: 'middle' }}>
      {children}
      {count > 0 && (
        <Box
          component="span"
          aria-hidden
          data-testid="filter-count"
          sx={{
            position: 'absolute',
            top: inset,
            right: inset,
            transform: 'translate(50%, -50%)',
            zIndex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxSizing: 'border-box',
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: 10,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: '0.75rem',
            fontWeight: 500,
            lineHeight: 1,
          }}
        >
          {count}
        </Box>
      )}
    </Box>
  );
}
