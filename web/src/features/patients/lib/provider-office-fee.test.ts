import { describe, expect, it } from 'vitest';
import { schemaErrors } from '@/components/form/rules';
import { providerOfficeFeeSchema, providerOfficeFeeValues, toProviderOfficeFeeInput } from './provider-office-fee';

describe("'Edit Provider, Office, Fee Schedule'", () => {
  it('needs the account provider; the others may be none', () => {
    const none = { accountProviderId: '', patientProviderId: '', officeId: '', feeScheduleId: '' };
    expect(schemaErrors(providerOfficeFeeSchema, none)).toEqual({ accountProviderId: 'Required field' });
    expect(schemaErrors(providerOfficeFeeSchema, { ...none, accountProviderId: '3' })).toEqual({});
  });

  it('starts from the stored choices and sends all four, none as 0', () => {
    const values = providerOfficeFeeValues({ accountProvider: { userId: 3 }, patientProvider: null, patientOffice: { id: 2 }, feeSchedule: null } as never);
    expect(values).toEqual({ accountProviderId: '3', patientProviderId: '', officeId: '2', feeScheduleId: '' });
    expect(toProviderOfficeFeeInput(values, 6)).toEqual({ version: 6, accountProviderId: 3, patientProviderId: 0, officeId: 2, feeScheduleId: 0 });
  });
});
