import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Appointment } from '@/api/scheduling/keys';
import { formatIn } from '@/lib/time-zone';
import { groupByStart, inkOn, showsProvider } from '../lib/schedule-rules';

function AppointmentCard({ appointment: a, colors }: { appointment: Appointment; colors: boolean }) {
  const accent = colors && a.colors.color1 ? a.colors.color1 : '#1F6A96';
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', borderLeft: `6px solid ${accent}` }} data-testid="appointment-card">
      <CardActionArea component={RouterLink} to={`/appointments/${a.appointmentId}`} sx={{ p: 1.5 }}>
        <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {a.patientNameDisplay}
          {a.pending && (
            <Box component="span" sx={{ ml: 1, px: 0.75, borderRadius: 1, fontSize: '0.75rem', bgcolor: accent, color: inkOn(accent) }}>
              Pending
            </Box>
          )}
        </Typography>
        <Typography variant="body2" component="p" data-testid="appointment-time">
          {a.appointmentTime} · {a.length} min
        </Typography>
        {showsProvider(a.providerID) && a.providerName && (
          <Typography variant="body2" color="textSecondary" component="p" data-testid="appointment-provider">
            {a.providerName}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary" component="p">
          {a.resource}
        </Typography>
        <Typography variant="body2" color="textSecondary" component="p">
          {[a.type, a.status].filter(Boolean).join(' · ')}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** The list view (spec part 2): appointments grouped by start time, in the filters' order. */
export function ListView({ appointments, order, zone, colors }: { appointments: Appointment[]; order: 0 | 1; zone: string; colors: boolean }) {
  const groups = groupByStart(appointments, order);
  return (
    <Stack spacing={2} data-testid="list-view">
      {groups.map((g) => {
        const time = formatIn(g.start, zone, 'hh:mm a');
        return (
          <Box component="section" key={g.start} aria-label={time}>
            <Typography variant="subtitle2" component="h2" color="textSecondary" sx={{ mb: 0.75 }} data-testid="group-time">
              {time}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
              {g.appointments.map((a) => (
                <AppointmentCard key={a.appointmentId} appointment={a} colors={colors} />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
