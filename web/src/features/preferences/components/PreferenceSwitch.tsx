import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export function PreferenceSwitch({
  label,
  description,
  checked,
  onChange,
  error,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  return (
    <div>
      <FormControlLabel
        labelPlacement="start"
        disabled={disabled}
        sx={{ m: 0, width: '100%', justifyContent: 'space-between', minHeight: 56, gap: 2 }}
        control={
          <Switch
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': error ? errorId : undefined } as object }}
          />
        }
        label={
          <span>
            <Typography component="span" sx={{ display: 'block' }}>
              {label}
            </Typography>
            {description && (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', display: 'block' }}>
                {description}
              </Typography>
            )}
          </span>
        }
      />
      {error && (
        <FormHelperText error id={errorId}>
          {error}
        </FormHelperText>
      )}
    </div>
  );
}
