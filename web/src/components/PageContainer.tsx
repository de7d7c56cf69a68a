import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/**
 * The padding and maximum width every page shares. The bottom padding (96px) leaves the end
 * of every page clear of the floating buttons (a 48px FAB 16px above the bottom edge).
 * It is `pt` and `pb`, not `py` and `pb`: a responsive `py` is written as a media query after
 * the plain `pb`, and won (the end of lists sat under the FABs).
 */
export function PageContainer({ children, maxWidth = 'md' }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' }) {
  return (
    <Container maxWidth={maxWidth} sx={{ pt: { xs: 2, sm: 3 }, pb: 12, px: { xs: 2, sm: 3 } }}>
      {children}
    </Container>
  );
}
