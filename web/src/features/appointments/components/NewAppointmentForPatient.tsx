import { useMemo } from 'react';
import { usePreferences } from '@/api/preferences/get-preferences';
import { usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import type { Appointment } from '@/api/scheduling/keys';
import { todayIn } from '@/lib/time-zone';
import { newAppointmentStart } from '../lib/appointment-form';
import { calendarHours } from '../lib/schedule-rules';
import { AppointmentFormDialog } from './AppointmentFormDialog';
import { DEFAULT_APPOINTMENT_LENGTH } from '../lib/constants';

/** 'New Appointment' for a known patient (patient home, the patient's appointments): today, 30 minutes, resource to choose. */
export function NewAppointmentForPatient({ open, patientId, onClose, onSaved }: { open: boolean; patientId: number; onClose: () => void; onSaved: (appointment: Appointment) => void }) {
  const zone = usePracticeTimeZone();
  const prefs = usePreferences();
  const draft = useMemo(() => {
    const today = todayIn(zone);
    const hours = calendarHours(prefs['scheduling.calendarStartTime'], prefs['scheduling.calendarEndTime']);
    return { start: newAppointmentStart(today, today, zone, hours.start), length: DEFAULT_APPOINTMENT_LENGTH, resourceId: null, patientId };
    // A fresh draft each time the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` is what makes it fresh
  }, [open, patientId, zone, prefs]);
  return <AppointmentFormDialog open={open} draft={draft} onClose={onClose} onSaved={onSaved} />;
}
