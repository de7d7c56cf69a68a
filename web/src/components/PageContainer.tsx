import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** The padding and maximum width every page shares. */
export function PageContainer({ children, maxWidth = 'md' }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' }) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 }, pb: 12 }}>
      {children}
    </Container>
  );
}
