import ReportOutlined from '@mui/icons-material/ReportOutlined';
import Box from '@mui/material/Box';
import { allergySeverity, isActiveAllergy, severityWord, type AllergyLike } from '../lib/allergy-severity';

/**
 * An allergy's severity as a word. A current severe (or life-threatening) one is in the
 * error red #B71C1C (6.6:1 on white) with an icon and bold type, so it is never told by
 * colour alone; moderate, mild and unknown ones are plain text.
 */
export function AllergySeverity({ allergy }: { allergy: AllergyLike }) {
  const word = severityWord(allergy);
  if (!word) return null;
  if (allergySeverity(allergy.severity) === 'severe' && isActiveAllergy(allergy.status)) {
    return (
      <Box component="span" data-testid="allergy-severity" data-severity="severe" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 700 }}>
        <ReportOutlined fontSize="small" aria-hidden />
        {word}
      </Box>
    );
  }
  return (
    <Box component="span" data-testid="allergy-severity" data-severity={allergySeverity(allergy.severity)} sx={{ color: 'text.secondary' }}>
      {word}
    </Box>
  );
}
