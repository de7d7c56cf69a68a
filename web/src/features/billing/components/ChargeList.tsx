import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { dollars } from '@/lib/format';
import { chargeFee, chargePointers, type Charge, type ChargeOptions, type OrderDiagnosis } from '../lib/order';
import { BILLING_TEXT } from '../lib/texts';

/** What a charge carries beyond its code: units, modifiers, tooth and surface, pointers. */
function details(charge: Charge, diagnoses: readonly OrderDiagnosis[], options: ChargeOptions): string[] {
  const parts = [`${charge.units} × ${dollars(charge.unitFee)}`];
  if (options.allowModifiers) {
    const modifiers = [charge.modifier1, charge.modifier2, charge.modifier3, charge.modifier4].filter(Boolean);
    if (modifiers.length > 0) parts.push(`Modifiers ${modifiers.join(' ')}`);
  }
  if (options.allowToothSurface) {
    if (charge.tooth) parts.push(`${BILLING_TEXT.tooth} ${charge.tooth}`);
    if (charge.surface) parts.push(`${BILLING_TEXT.surface} ${charge.surface}`);
  }
  if (options.allowDx) {
    const pointers = chargePointers(charge, diagnoses);
    if (pointers) parts.push(`${BILLING_TEXT.pointers} ${pointers}`);
  }
  return parts;
}

/** The order's charges, each with Edit and Remove, and the server's messages about it after a refused post. */
export function ChargeList({
  charges,
  diagnoses,
  options,
  errors,
  onEdit,
  onRemove,
}: {
  charges: readonly Charge[];
  diagnoses: readonly OrderDiagnosis[];
  options: ChargeOptions;
  errors: ReadonlyMap<string, readonly string[]>;
  onEdit: (charge: Charge) => void;
  onRemove: (charge: Charge) => void;
}) {
  return (
    <Box component="ul" aria-label={BILLING_TEXT.procedures} data-testid="charge-list" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
      {charges.map((charge, index) => {
        const messages = errors.get(charge.key) ?? [];
        const errorId = `charge-errors-${charge.key}`;
        return (
          <Box component="li" key={charge.key} data-testid="charge-row" aria-describedby={messages.length > 0 ? errorId : undefined} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {index + 1}. {charge.procedure}
              </Typography>{' '}
              <Typography component="span">{charge.description}</Typography>
              <Typography variant="body2" color="textSecondary" data-testid="charge-details">
                {details(charge, diagnoses, options).join(' · ')}
              </Typography>
              {messages.length > 0 && (
                <Box id={errorId} component="ul" role="alert" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                  {messages.map((m) => (
                    <Typography component="li" variant="body2" key={m}>
                      {m}
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>
            <Typography sx={{ flex: 'none', fontVariantNumeric: 'tabular-nums', pt: 0.25 }} data-testid="charge-fee">
              {dollars(chargeFee(charge))}
            </Typography>
            <Box sx={{ display: 'flex', flex: 'none', mt: -1 }}>
              <IconButton aria-label={BILLING_TEXT.editCharge(charge.procedure)} onClick={() => onEdit(charge)}>
                <EditOutlined />
              </IconButton>
              <IconButton aria-label={BILLING_TEXT.removeCharge(charge.procedure)} onClick={() => onRemove(charge)}>
                <DeleteOutline />
              </IconButton>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
