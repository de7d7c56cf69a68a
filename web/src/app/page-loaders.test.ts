import { describe, expect, it } from 'vitest';
import { loadAppointments, loadClinicalBoard, loadDayView, loadLanding, loadNotFound, loadOrders, loadPatientArea, loadPatients, pageLoaders } from './page-loaders';

describe('pageLoaders', () => {
  it('names the chunks each first page shows with', () => {
    expect(pageLoaders('/')).toEqual([loadLanding]);
    expect(pageLoaders('/orders')).toEqual([loadOrders]);
    expect(pageLoaders('/search')).toEqual([loadPatients]);
    expect(pageLoaders('/patients')).toEqual([loadPatients]);
    expect(pageLoaders('/patients/5/patient_home')).toEqual([loadPatientArea]);
    expect(pageLoaders('/patients/5/clinical')).toEqual([loadPatientArea, loadClinicalBoard]);
    expect(pageLoaders('/patients/5/clinical/allergies')).toEqual([loadPatientArea]);
    expect(pageLoaders('/appointments')).toEqual([loadAppointments, loadDayView]);
    expect(pageLoaders('/appointments/12')).toEqual([loadAppointments]);
  });

  it('names nothing for the login page and the not-found page for an unknown address', () => {
    expect(pageLoaders('/login')).toEqual([]);
    expect(pageLoaders('/index.html')).toEqual([]);
    expect(pageLoaders('/nowhere')).toEqual([loadNotFound]);
  });
});
