import type { QueryClient } from '@tanstack/react-query';
import { preloadRoute } from '@/lib/route-preload';
import { accountAlertsQueryOptions } from './get-account-alerts';
import { allergiesQueryOptions } from './get-allergies';
import { patientQueryOptions } from './get-patient';
import { patientAlertsQueryOptions } from './get-patient-alerts';

/**
 * What the patient home shows first, asked for as soon as the finger goes down on a patient
 * (a tenth of a second or so before the tap ends): the record and its three kinds of alerts,
 * under the keys the patient area reads, and the area's code. Each is asked for once while
 * fresh (the queries' own staleTime).
 */
export function prefetchPatient(queryClient: QueryClient, patientId: number): void {
  preloadRoute('patient');
  void queryClient.prefetchQuery(patientQueryOptions(patientId));
  void queryClient.prefetchQuery(patientAlertsQueryOptions(patientId));
  void queryClient.prefetchQuery(accountAlertsQueryOptions(patientId));
  void queryClient.prefetchQuery(allergiesQueryOptions(patientId));
}
