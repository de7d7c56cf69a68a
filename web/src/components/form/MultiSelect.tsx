import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { idsOfValue, orderedIds, type SelectionOrder } from './multi-select';

export interface MultiSelectChoice {
  id: number;
  label: string;
}

/**
 * A labelled multiple choice (a filter): nothing chosen shows 'All'. `order` says how the
 * chosen ids are handed back: by id, or as picked.
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
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(orderedIds(idsOfValue(event.target.value as unknown), order))}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const ids = selected as number[];
            return ids.length === 0 ? 'All' : ids.map((i) => names.get(i) ?? String(i)).join(', ');
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          <ListItemIcon sx={{ visibility: value.includes(choice.id) ? 'visible' : 'hidden' }}>
            <Check fontSize="small" aria-hidden />
          </ListItemIcon>
          <ListItemText primary={choice.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
