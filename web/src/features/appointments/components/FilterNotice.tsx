import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * What a list's saved filter shows ('Filtered: 13 of 36 appointments'), with 'Show all'
 * while it hides anything (then tinted, with the secondary colour's edge). A filter kept
 * from an earlier visit must never hide rows without a sign.
 */
export function FilterNotice({ text, onShowAll, testId }: { text: string; onShowAll?: (() => void) | undefined; testId: string }) {
  const hiding = onShowAll !== undefined;
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1,
        px: hiding ? 1.5 : 0,
        py: 0.25,
        mb: 1,
        borderRadius: 1,
        border: hiding ? 1 : 0,
        borderColor: 'secondary.main',
        // 5.2:1 for the secondary ink of 'Show all', 15:1 for the text.
        bgcolor: hiding ? '#E8F1F7' : 'transparent',
      }}
    >
      <FilterList aria-hidden fontSize="small" sx={{ color: 'secondary.main' }} />
      <Typography role="status" variant="body2" sx={{ fontWeight: 600, color: 'text.primary', py: 0.75, mr: 'auto' }}>
        {text}
      </Typography>
      {hiding && (
        <Button size="small" color="secondary" onClick={onShowAll}>
          Show all
        </Button>
      )}
    </Box>
  );
}
