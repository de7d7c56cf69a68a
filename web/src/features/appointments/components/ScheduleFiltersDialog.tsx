import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { ApptFilters } from '@/api/preferences/model';
import { useProviders } from '@/api/users/get-providers';
import { MultiSelect } from '@/components/form/MultiSelect';
import { personName } from '@/lib/format';
import { useResources } from '../api/get-options';
import { choiceFromSelection, selectionFromChoice } from '../lib/schedule-rules';
import { SCHEDULE_TEXT } from '../lib/texts';

function Body({ initial, onApply, onCancel }: { initial: ApptFilters; onApply: (filters: ApptFilters) => void; onCancel: () => void }) {
  const id = useId();
  const resources = useResources().data ?? [];
  const providers = useProviders().data ?? [];
  const [resourceIds, setResourceIds] = useState(() => choiceFromSelection(initial.resources));
  const [providerIds, setProviderIds] = useState(() => choiceFromSelection(initial.providers));
  const [order, setOrder] = useState<0 | 1>(initial.order);
  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <MultiSelect order="ascending" id={`${id}-resources`} label="Resources" choices={resources.map((r) => ({ id: r.resourceId, label: r.name }))} value={resourceIds} onChange={setResourceIds} />
          <MultiSelect order="ascending" id={`${id}-providers`} label="Providers" choices={providers.map((p) => ({ id: p.userId, label: personName(p) }))} value={providerIds} onChange={setProviderIds} />
          <TextField select id={`${id}-order`} label="Order" value={String(order)} onChange={(e) => setOrder(e.target.value === '0' ? 0 : 1)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
            <option value="1">First to last</option>
            <option value="0">Last to first</option>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => onApply({ resources: selectionFromChoice(resourceIds), providers: selectionFromChoice(providerIds), order })}>
          {SCHEDULE_TEXT.applyFilters}
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Filter Appointments' (spec part 2): resources and providers (nothing chosen: all) and the order; 'Apply Filters' hands them back. */
export function ScheduleFiltersDialog({ open, filters, onApply, onClose }: { open: boolean; filters: ApptFilters; onApply: (filters: ApptFilters) => void; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{SCHEDULE_TEXT.filtersTitle}</DialogTitle>
      {open && <Body initial={filters} onApply={onApply} onCancel={onClose} />}
    </Dialog>
  );
}
