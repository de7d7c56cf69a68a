import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { ApiRequestError, unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { BillingOrderInput, BillingOrderResult } from './types';

export interface CreateOrderVariables {
  patientId: number;
  input: BillingOrderInput;
  /** One key per order: every retry of the same order sends it, so the server posts it once. */
  idempotencyKey: string;
}

/**
 * POST /api/patients/patient/{id}/charge with `Idempotency-Key`. 201 answers the posted order
 * (a repeat with the same key answers the same); a 400 names the fields at fault (the page
 * shows them, not the API Error overlay).
 */
export async function createBillingOrder({ patientId, input, idempotencyKey }: CreateOrderVariables): Promise<BillingOrderResult> {
  return unwrap(
    await api.POST('/api/patients/patient/{patientId}/charge', {
      params: { path: { patientId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
      headers: handledByCaller('fieldErrors'),
    }),
  );
}

/** Whether a failed post is worth sending again as it was (the same key): no answer, or the server busy or broken. */
export function retriable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Posts the order; a failure with no answer or a 5xx is tried twice more with the same key. Balances are read again after. */
export function useCreateBillingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBillingOrder,
    retry: (failures, error) => failures < 2 && retriable(error),
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: (_result, { patientId }) => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.chart(patientId, 'balance') });
    },
  });
}
