import { describe, expect, it } from 'vitest';
import type { Order } from '@/api/orders/keys';
import { editOrderValues, newOrderValues, patientDefaults, splitOrderErrors, toOrderInput, validateOrderForm } from './order-form';

const stored: Order = {
  ordersId: 40,
  version: 3,
  orderNumber: '000040',
  assignedToUserId: 5,
  assignedToName: 'Raman, Priya',
  longDescription: 'From the lab',
  orderNotes: [],
  orderStatusId: 8,
  ordered: '2026-11-15',
  shortDescription: 'Lab result',
  signed: false,
  statusString: 'Awaiting Results',
  statusUpdates: [],
  typeId: 50,
  typeString: 'Lab Result',
  urgent: true,
  officeId: 2,
  providerId: 7,
  incidentId: null,
  due: '2026-12-01',
  patientId: 110,
};

describe('the order form', () => {
  it('a new order: type 100, status 1, the user as assignee when their id is above 1, None incident', () => {
    expect(newOrderValues({ userId: 2 })).toMatchObject({ typeId: '100', orderStatusId: '1', assignedToUserId: '2', incidentId: '0', urgent: false, providerId: '', officeId: '' });
    expect(newOrderValues({ userId: 1 }).assignedToUserId).toBe('');
  });

  it("takes the patient's provider (else the account's) and office, and the current incident", () => {
    const defaults = patientDefaults({ patientProvider: { userId: 4, firstName: 'M', lastName: 'C' }, accountProvider: { userId: 3, firstName: 'O', lastName: 'B' }, patientOffice: { id: 2, name: 'North' } });
    expect(defaults).toEqual({ providerId: '4', officeId: '2' });
    expect(patientDefaults({ patientProvider: null, accountProvider: { userId: 3, firstName: 'O', lastName: 'B' }, patientOffice: null })).toEqual({ providerId: '3', officeId: '' });
    expect(patientDefaults(null)).toEqual({ providerId: '', officeId: '' });
    expect(newOrderValues({ userId: 2, patient: defaults, currentIncidentId: 31 })).toMatchObject({ providerId: '4', officeId: '2', incidentId: '31' });
  });

  it("Type, the short description and Assigned To are required ('Required field')", () => {
    const empty = { ...newOrderValues({ userId: 1 }), typeId: '', shortDescription: '   ' };
    expect(validateOrderForm(empty)).toEqual({ typeId: 'Required field', shortDescription: 'Required field', assignedToUserId: 'Required field' });
    expect(validateOrderForm({ ...newOrderValues({ userId: 2 }), shortDescription: 'Call back' })).toEqual({});
  });

  it('creating: incident 0 and empty texts are sent as absent, texts trimmed', () => {
    const input = toOrderInput({ ...newOrderValues({ userId: 2 }), shortDescription: '  Call back ', orderNote: ' ' }, 'create', { patientId: null });
    expect(input).toMatchObject({ version: null, patientId: null, typeId: 100, orderStatusId: 1, incidentId: null, providerId: null, officeId: null, due: null, orderNote: null, shortDescription: 'Call back', assignedToUserId: 2 });
  });

  it('editing: every field sent, None clears, a note is appended, a type 50 long description is left alone', () => {
    const values = { ...editOrderValues(stored), providerId: '', orderStatusId: '2', orderNote: 'Results called in', due: '' };
    const input = toOrderInput(values, 'edit', { patientId: 110, storedTypeId: 50, version: stored.version });
    expect(input).toMatchObject({ version: 3, patientId: null, typeId: 50, providerId: 0, officeId: 2, incidentId: 0, orderStatusId: 2, due: '', orderNote: 'Results called in', longDescription: null, urgent: true });
    const other = toOrderInput({ ...editOrderValues({ ...stored, typeId: 100 }), longDescription: 'New text' }, 'edit', { patientId: 110, storedTypeId: 100 });
    expect(other.longDescription).toBe('New text');
  });

  it('an order read into the form keeps its values and starts with an empty note', () => {
    expect(editOrderValues(stored)).toEqual({
      typeId: '50',
      shortDescription: 'Lab result',
      longDescription: 'From the lab',
      providerId: '7',
      orderStatusId: '8',
      officeId: '2',
      incidentId: '0',
      assignedToUserId: '5',
      due: '2026-12-01',
      urgent: true,
      orderNote: '',
    });
  });

  it("puts the server's field errors on the fields with the same name; others go to the banner", () => {
    expect(splitOrderErrors({ typeId: 'Choose a type from the list', patientId: 'The patient of an order cannot be changed' })).toEqual({
      onFields: { typeId: 'Choose a type from the list' },
      others: ['Patient: The patient of an order cannot be changed'],
    });
  });
});
