import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { scheduleKeys, type Appointment, type FollowUp } from '@/api/scheduling/keys';
import type { PatientAppointmentsQuery } from '../lib/patient-filter';

/** A patient's appointments, oldest first (`GET /api/patients/patient/{id}/appointments?...`). */
export function usePatientAppointments(patientId: number, query: PatientAppointmentsQuery) {
  return useQuery({
    queryKey: scheduleKeys.patientAppointments(patientId, query),
    queryFn: async ({ signal }): Promise<Appointment[]> => {
      const data = unwrap(await api.GET('/api/patients/patient/{patientId}/appointments', { params: { path: { patientId }, query }, signal }));
      return Array.isArray(data) ? data : [];
    },
    staleTime: 0,
  });
}

export function useFollowUps(patientId: number | null) {
  return useQuery({
    queryKey: scheduleKeys.followUps(patientId ?? 0),
    queryFn: async ({ signal }): Promise<FollowUp[]> => {
      const data = unwrap(await api.GET('/api/patients/patient/{patientId}/followups', { params: { path: { patientId: patientId ?? 0 } }, signal }));
      return Array.isArray(data) ? data : [];
    },
    enabled: patientId !== null && patientId > 0,
    staleTime: 0,
  });
}
