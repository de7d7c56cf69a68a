import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { addDays, addMonths, endOfMonth, endOfWeek, format, isSameMonth, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { useId, useState } from 'react';
import { SCHEDULE_TEXT } from '../lib/texts';

const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The month's days, weeks starting Sunday. */
function monthDays(month: Date): Date[] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: 0 });
  const last = endOfWeek(endOfMonth(month), { weekStartsOn: 0 });
  const days: Date[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The calendar dialog of the schedule's date title: a month (weeks start Sunday) and 'Go To Today'. */
export function DateDialog({ open, date, today, onClose, onChoose }: { open: boolean; date: string; today: string; onClose: () => void; onChoose: (date: string) => void }) {
  const titleId = useId();
  const [month, setMonth] = useState(() => startOfMonth(parseISO(date)));
  const [openedFor, setOpenedFor] = useState(date);
  if (open && openedFor !== date) {
    setOpenedFor(date);
    setMonth(startOfMonth(parseISO(date)));
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Choose a date</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <IconButton aria-label="Previous month" onClick={() => setMonth((m) => addMonths(m, -1))}>
            <ChevronLeft />
          </IconButton>
          <Typography component="p" aria-live="polite" sx={{ flexGrow: 1, textAlign: 'center', fontWeight: 600 }} data-testid="calendar-month">
            {format(month, 'MMMM yyyy')}
          </Typography>
          <IconButton aria-label="Next month" onClick={() => setMonth((m) => addMonths(m, 1))}>
            <ChevronRight />
          </IconButton>
        </Box>
        <Box role="grid" aria-label={format(month, 'MMMM yyyy')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}>
          {WEEKDAYS.map((d, i) => (
            <Box key={i} role="columnheader" aria-label={WEEKDAY_NAMES[i]} sx={{ textAlign: 'center', fontSize: '0.75rem', color: 'text.secondary', py: 0.5 }}>
              {d}
            </Box>
          ))}
          {monthDays(month).map((d) => {
            const value = format(d, 'yyyy-MM-dd');
            const selected = value === date;
            const isToday = value === today;
            return (
              <ButtonBase
                key={value}
                role="gridcell"
                aria-label={format(d, 'EEEE, MMMM d, yyyy')}
                aria-selected={selected}
                {...(isToday ? { 'aria-current': 'date' as const } : {})}
                onClick={() => onChoose(value)}
                sx={{
                  height: 44,
                  borderRadius: '50%',
                  fontSize: '0.95rem',
                  color: selected ? '#fff' : isSameMonth(d, month) ? 'text.primary' : 'text.secondary',
                  bgcolor: selected ? 'secondary.main' : 'transparent',
                  border: isToday && !selected ? '2px solid' : 'none',
                  borderColor: 'secondary.main',
                  '&:hover': { bgcolor: selected ? 'secondary.dark' : 'action.hover' },
                }}
              >
                {format(d, 'd')}
              </ButtonBase>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChoose(today)} sx={{ mr: 'auto' }}>
          {SCHEDULE_TEXT.goToToday}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
