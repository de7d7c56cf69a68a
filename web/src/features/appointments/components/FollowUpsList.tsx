import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import type { FollowUp } from '@/api/scheduling/keys';
import { QueryState, EmptyText } from '@/components/page-parts';
import { displayDate } from '@/lib/dates';
import { countOf } from '@/lib/format';
import { formatIn } from '@/lib/time-zone';
import { useFollowUps } from '../api/get-patient-lists';
import { followUpColor } from '../lib/schedule-rules';
import { FOLLOW_UP_COLORS } from '../lib/constants';
import { SCHEDULE_TEXT } from '../lib/texts';

function Line({ label, children, color, testId }: { label: string; children: ReactNode; color?: string; testId?: string }) {
  return (
    <Typography variant="body2" component="p" sx={{ color }} data-testid={testId}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

function FollowUpCard({ followUp: f, zone }: { followUp: FollowUp; zone: string }) {
  const color = followUpColor(f);
  const early = color === FOLLOW_UP_COLORS.early;
  const body = (
    <Box sx={{ p: 1.5 }}>
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {f.type || 'Follow-Up'} · {countOf(f.frequency, 'Day')}
      </Typography>
      <Line label="Follow-Up Date">{displayDate(f.followupDate)}</Line>
      <Line label="Next Visit">{f.nextVisit ? `${formatIn(f.nextVisit, zone, 'MM/dd/yyyy')} ${formatIn(f.nextVisit, zone, 'hh:mm a')}` : '—'}</Line>
      <Line label="Last Visit">{f.lastVisit ? displayDate(f.lastVisit) : '—'}</Line>
      <Line label="Appointment Date" color={color} testId="follow-up-scheduled">
        {f.scheduled ? displayDate(f.scheduled) : SCHEDULE_TEXT.notScheduled}
        {early ? ' (before the follow-up date)' : ''}
      </Line>
    </Box>
  );
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', borderLeft: `6px solid ${color}` }} data-testid="follow-up" data-color={color}>
      {f.appointmentId ? (
        <CardActionArea component={RouterLink} to={`/appointments/${f.appointmentId}`}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** A patient's follow-ups (spec part 2, 'Follow-Ups'): red when booked before they are due, green otherwise. */
export function FollowUpsList({ patientId }: { patientId: number }) {
  const zone = usePracticeTimeZone();
  const query = useFollowUps(patientId);
  return (
    <QueryState query={query}>
      {(list) =>
        list.length === 0 ? (
          <EmptyText testId="no-follow-ups">{SCHEDULE_TEXT.noFollowUps}</EmptyText>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={SCHEDULE_TEXT.followUps}>
            {list.map((f) => (
              <FollowUpCard key={f.followUpId} followUp={f} zone={zone} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
