import { z } from 'zod';
import type { components } from '@/api/schema';
import type { FormFields } from '@/components/form/rules';
import { MESSAGES } from '@/lib/messages';

type ProviderOfficeFee = components['schemas']['ProviderOfficeFee'];
type ProviderOfficeFeeInput = components['schemas']['ProviderOfficeFeeInput'];

/** 'Edit Provider, Office, Fee Schedule': the four choices as the select holds them ('' is none). */
export type ProviderOfficeFeeValues = FormFields<ProviderOfficeFeeInput, 'accountProviderId' | 'patientProviderId' | 'officeId' | 'feeScheduleId'>;
export type ProviderOfficeFeeField = keyof ProviderOfficeFeeValues;

export const PROVIDER_OFFICE_FEE_FIELDS: readonly ProviderOfficeFeeField[] = ['accountProviderId', 'patientProviderId', 'officeId', 'feeScheduleId'];

/** The account provider is required; the others may be none. */
export const providerOfficeFeeSchema = z.object({
  accountProviderId: z.string().refine((v) => v !== '', MESSAGES.requiredField),
  patientProviderId: z.string(),
  officeId: z.string(),
  feeScheduleId: z.string(),
}) satisfies z.ZodType<ProviderOfficeFeeValues>;

export function providerOfficeFeeValues(c: ProviderOfficeFee): ProviderOfficeFeeValues {
  return {
    accountProviderId: c.accountProvider ? String(c.accountProvider.userId) : '',
    patientProviderId: c.patientProvider ? String(c.patientProvider.userId) : '',
    officeId: c.patientOffice ? String(c.patientOffice.id) : '',
    feeScheduleId: c.feeSchedule ? String(c.feeSchedule.id) : '',
  };
}

/** All four are sent (0 clears an optional one), with the patient's version they were chosen on. */
export function toProviderOfficeFeeInput(v: ProviderOfficeFeeValues, version: number): Required<ProviderOfficeFeeInput> {
  const id = (text: string) => (text === '' ? 0 : Number(text));
  return { version, accountProviderId: id(v.accountProviderId), patientProviderId: id(v.patientProviderId), officeId: id(v.officeId), feeScheduleId: id(v.feeScheduleId) };
}

export const isProviderOfficeFeeField = (name: string): name is ProviderOfficeFeeField => (PROVIDER_OFFICE_FEE_FIELDS as readonly string[]).includes(name);
