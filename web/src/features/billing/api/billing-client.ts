import type { Client } from 'openapi-fetch';
import { api } from '@/api/client';
import type { BillingOrderInput, BillingOrderResult, FeeSearchResult } from './types';

// The two calls of the billing order the server's document does not list yet, typed from the
// API's contract. The one client of the app is used (its middleware carries the session); only
// its type is widened to these paths.

interface Answer<T> {
  headers: Record<string, unknown>;
  content: { 'application/json': T };
}

interface BillingPaths {
  '/api/fee/': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query: { search: string; feeScheduleId: number }; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: Answer<FeeSearchResult[]> };
    };
  };
  '/api/patients/patient/{patientId}/charge': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header?: never; path: { patientId: number }; cookie?: never };
      requestBody: { content: { 'application/json': BillingOrderInput } };
      responses: { 201: Answer<BillingOrderResult> };
    };
  };
}

export const billingApi = api as unknown as Client<BillingPaths>;
