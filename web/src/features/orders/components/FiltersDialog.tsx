import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { OrdersFilters } from '@/api/preferences/model';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { MultiSelect } from '@/components/form/MultiSelect';
import { personName } from '@/lib/format';
import { useOrderStatuses } from '../api/get-order-statuses';
import { useOrderTypes } from '../api/get-order-types';
import { DEFAULT_ORDERS_FILTERS, SIGNED_CHOICES, choiceFromSelection, selectionFromChoice, signedChoice, signedFromChoice } from '../lib/filters';
import { ALL_OPEN_STATUS, NONE_OFFICE } from '../lib/constants';
import { ORDER_TEXT } from '../lib/texts';

function Body({ initial, onApply, onCancel }: { initial: OrdersFilters; onApply: (filters: OrdersFilters) => void; onCancel: () => void }) {
  const baseId = useId();
  const offices = useReferenceList('offices').data ?? [];
  const providers = useProviders().data ?? [];
  const statuses = useOrderStatuses().data ?? [];
  const types = useOrderTypes().data ?? [];
  const [officeIds, setOfficeIds] = useState(() => choiceFromSelection(initial.offices));
  const [statusIds, setStatusIds] = useState(() => choiceFromSelection(initial.statuses));
  const [providerIds, setProviderIds] = useState(() => choiceFromSelection(initial.providers));
  const [typeIds, setTypeIds] = useState(() => choiceFromSelection(initial.types));
  const [signedIds, setSignedIds] = useState(() => signedChoice(initial.signed));

  const reset = () => {
    setOfficeIds(choiceFromSelection(DEFAULT_ORDERS_FILTERS.offices));
    setStatusIds(choiceFromSelection(DEFAULT_ORDERS_FILTERS.statuses));
    setProviderIds(choiceFromSelection(DEFAULT_ORDERS_FILTERS.providers));
    setTypeIds(choiceFromSelection(DEFAULT_ORDERS_FILTERS.types));
    setSignedIds(signedChoice(DEFAULT_ORDERS_FILTERS.signed));
  };

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <MultiSelect
            order="chosen"
            id={`${baseId}-offices`}
            label="Offices"
            choices={[{ id: NONE_OFFICE, label: ORDER_TEXT.none }, ...offices.map((o) => ({ id: o.officeId, label: o.officeName }))]}
            value={officeIds}
            onChange={setOfficeIds}
          />
          <MultiSelect
            order="chosen"
            id={`${baseId}-statuses`}
            label="Statuses"
            choices={[{ id: ALL_OPEN_STATUS, label: ORDER_TEXT.allOpen }, ...statuses.map((s) => ({ id: s.orderStatusId, label: s.orderStatus }))]}
            value={statusIds}
            onChange={setStatusIds}
          />
          <MultiSelect order="chosen" id={`${baseId}-providers`} label="Providers" choices={providers.map((p) => ({ id: p.userId, label: personName(p) }))} value={providerIds} onChange={setProviderIds} />
          <MultiSelect order="chosen" id={`${baseId}-types`} label="Types" choices={types.map((t) => ({ id: t.typeId, label: t.type }))} value={typeIds} onChange={setTypeIds} />
          <MultiSelect order="chosen" id={`${baseId}-signed`} label="Signed" choices={SIGNED_CHOICES.map((c) => ({ id: c.id, label: c.label }))} value={signedIds} onChange={setSignedIds} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={reset} sx={{ mr: 'auto' }}>
          Reset
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          color="primary"
          onClick={() =>
            onApply({
              offices: selectionFromChoice(officeIds),
              statuses: selectionFromChoice(statusIds),
              providers: selectionFromChoice(providerIds),
              types: selectionFromChoice(typeIds),
              signed: signedFromChoice(signedIds),
            })
          }
        >
          {ORDER_TEXT.apply}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * The 'Filters' dialog (spec part 1, 'Order filters'): offices (with None, id 0),
 * statuses (with All Open, id 0), providers, types, and Unsigned (1) / Signed (2).
 * Nothing chosen in a field means all. Apply hands the filters back; Reset returns the
 * fields to the defaults (All Open); Cancel keeps what was applied.
 */
export function FiltersDialog({ open, filters, onApply, onClose }: { open: boolean; filters: OrdersFilters; onApply: (filters: OrdersFilters) => void; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" id={titleId} sx={{ flexGrow: 1 }}>
          {ORDER_TEXT.filtersTitle}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {open && <Body initial={filters} onApply={onApply} onCancel={onClose} />}
    </Dialog>
  );
}
