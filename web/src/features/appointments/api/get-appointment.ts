import { useQuery } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { ApiRequestError, unwrap } from '@/api/errors';
import { scheduleKeys, type Appointment, type TreatmentPlan } from '@/api/scheduling/keys';

/** One appointment with the patient's last and next. A 404 is the page's to say ('No appointment was found'). */
export async function getAppointment(appointmentId: number, signal?: AbortSignal): Promise<Appointment> {
  return unwrap(
    await api.GET('/api/scheduling/1/appointments/{appointmentId}', {
      params: { path: { appointmentId } },
      headers: handledByCaller('notFound'),
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useAppointment(appointmentId: number | null) {
  return useQuery({
    queryKey: scheduleKeys.appointment(appointmentId ?? 0),
    queryFn: ({ signal }) => getAppointment(appointmentId ?? 0, signal),
    enabled: appointmentId !== null && appointmentId > 0,
    staleTime: 0,
  });
}

export function isAppointmentNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

/** The treatment plans of the appointment's patient. */
export function useTreatmentPlans(appointmentId: number) {
  return useQuery({
    queryKey: scheduleKeys.treatmentPlans(appointmentId),
    queryFn: async ({ signal }): Promise<TreatmentPlan[]> => {
      const data = unwrap(await api.GET('/api/scheduling/1/appointment/{appointmentId}/treatmentPlans', { params: { path: { appointmentId } }, signal }));
      return Array.isArray(data) ? data : [];
    },
  });
}
