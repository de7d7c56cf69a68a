import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ALL_CHOICE, controlValue, idsAfterPick, type SelectionOrder } from './multi-select';

export interface MultiSelectChoice {
  id: number;
  label: string;
}

function Picked({ shown }: { shown: boolean }) {
  return (
    <ListItemIcon sx={{ visibility: shown ? 'visible' : 'hidden' }}>
      <Check fontSize="small" aria-hidden />
    </ListItemIcon>
  );
}

/**
 * A labelled multiple choice (a filter) with 'All' as its first choice: nothing chosen is
 * 'All'; picking 'All' clears the others, picking another clears 'All'. `order` says how
 * the chosen ids are handed back: by id, or as picked.
 */
export function MultiSelect({
  id,
  label,
  choices,
  value,
  onChange,
  order,
}: {
  id: string;
  label: string;
  choices: readonly MultiSelectChoice[];
  value: number[];
  onChange: (ids: number[]) => void;
  order: SelectionOrder;
}) {
  const names = new Map(choices.map((c) => [c.id, c.label]));
  const all = value.length === 0;
  return (
    <TextField
      select
      id={id}
      label={label}
      value={controlValue(value)}
      onChange={(event) => onChange(idsAfterPick(value, event.target.value as unknown, order))}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          renderValue: () => (all ? 'All' : value.map((i) => names.get(i) ?? String(i)).join(', ')),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      <MenuItem value={ALL_CHOICE} divider>
        <Picked shown={all} />
        <ListItemText primary="All" />
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          <Picked shown={value.includes(choice.id)} />
          <ListItemText primary={choice.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
