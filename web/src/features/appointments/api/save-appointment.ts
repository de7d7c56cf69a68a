import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, handledByCaller } from '@/api/client';
import { editConflictOf, unwrap, type EditConflict } from '@/api/errors';
import { scheduleKeys, type Appointment } from '@/api/scheduling/keys';
import { conflictKind, isConflictInfo, type AppointmentPayload, type SaveOutcome } from '../lib/appointment-form';

function outcome(status: number, body: unknown): SaveOutcome<Appointment> | null {
  if ((status === 202 || status === 409) && isConflictInfo(body)) return { kind: conflictKind(body), conflict: body };
  return null;
}

/**
 * Saves an appointment (spec part 2, 'Appointment save'): an id above 0 is a change
 * (PATCH), else a booking (POST). 201/200 booked; 202 held by a "confirm scheduling"
 * block-out; 409 refused (nothing saved). A 400 with fields rejects (the form shows them).
 */
export async function saveAppointment(appointmentId: number | null, payload: AppointmentPayload): Promise<SaveOutcome<Appointment>> {
  const headers = handledByCaller('fieldErrors');
  const result =
    appointmentId && appointmentId > 0
      ? await api.PATCH('/api/scheduling/1/appointments/{appointmentId}', { params: { path: { appointmentId } }, body: payload, headers })
      : await api.POST('/api/scheduling/1/appointments', { body: payload, headers });
  const held = outcome(result.response.status, result.response.ok ? result.data : result.error);
  if (held) return held;
  return { kind: 'saved', appointment: unwrap(result) as Appointment };
}

/** 'Confirm Appointment!' answered Yes: books the held appointment. */
export async function confirmAppointment(appointmentId: number): Promise<Appointment> {
  return unwrap(await api.PATCH('/api/scheduling/1/appointments/{appointmentId}/confirm', { params: { path: { appointmentId } } }));
}

/** Deletes an appointment (a held one disappears; a booked one is kept, marked deleted). */
export async function deleteAppointment(appointmentId: number): Promise<void> {
  const result = await api.DELETE('/api/scheduling/1/appointments/{appointmentId}', { params: { path: { appointmentId } } });
  if (!result.response.ok) unwrap(result);
}

/**
 * A 409 `edit_conflict` of this appointment's change (someone else saved it meanwhile): the
 * message and the appointment as now saved; null for anything else (a schedule conflict's 409
 * is an answer, not an error: its `code` is one of the ScheduleConflict codes).
 */
export function appointmentEditConflict(error: unknown, appointmentId: number): EditConflict<Appointment> | null {
  return editConflictOf<Appointment>(error, (current) => (current as Partial<Appointment>).appointmentId === appointmentId);
}

/** After a refused stale change: the appointment's page shows it as now saved, and the schedule reloads. */
export function useStoreSavedAppointment() {
  const queryClient = useQueryClient();
  return useCallback(
    (appointment: Appointment) => {
      queryClient.setQueryData(scheduleKeys.appointment(appointment.appointmentId), appointment);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
    [queryClient],
  );
}

/** After any change: every day, block-out list, appointment and patient list is asked again. */
export function useReloadSchedule() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }), [queryClient]);
}
