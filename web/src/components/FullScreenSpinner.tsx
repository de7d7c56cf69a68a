import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner covering the page, announced to screen readers. */
export function FullScreenSpinner({ label = 'Loading…', overlay = false }: { label?: string; overlay?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: overlay ? 'fixed' : 'relative',
        inset: overlay ? 0 : undefined,
        zIndex: overlay ? (t) => t.zIndex.modal + 1 : undefined,
        bgcolor: overlay ? 'rgba(255,255,255,0.8)' : undefined,
        minHeight: overlay ? undefined : '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={48} />
      <Typography color="textSecondary">{label}</Typography>
    </Box>
  );
}
