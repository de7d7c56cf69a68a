import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useBackClick } from '../../lib/back';

/**
 * A section's coloured title bar (spec part 2, 'Clinical': the widget's colour, and the text
 * colour its board tile has: white, or near black on a colour too light for white), with the
 * way back above it.
 */
export function TitleBar({ title, color, ink, back, count }: { title: string; color: string; ink: string; back: { to: string; label: string }; count?: number }) {
  const onBack = useBackClick(back.to);
  return (
    <Box>
      <Button component={RouterLink} to={back.to} onClick={onBack} startIcon={<ArrowBack aria-hidden />} sx={{ mb: 1, minHeight: 44, textTransform: 'none' }} data-testid="clinical-back">
        {back.label}
      </Button>
      <Box
        data-testid="section-title-bar"
        sx={{ bgcolor: color, color: ink, borderRadius: 1, px: 2, py: 1.25, display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h6" component="h2" sx={{ color: 'inherit', overflowWrap: 'anywhere', flexGrow: 1 }}>
          {title}
        </Typography>
        {count !== undefined && count > 0 && (
          <Typography component="span" sx={{ color: 'inherit' }} data-testid="section-count">
            ({count})
          </Typography>
        )}
      </Box>
    </Box>
  );
}
