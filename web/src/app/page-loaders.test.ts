import { describe, expect, it } from 'vitest';
import { startInTurns, loadAppointments, loadClinicalBoard, loadDayView, loadLanding, loadNotFound, loadOrders, loadPatientArea, loadPatients, pageLoaders } from './page-loaders';

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

describe('startInTurns', () => {
  it('starts each loader in order, each in a task of its own, none at once', async () => {
    const seen: string[] = [];
    const loader = (name: string) => () => {
      seen.push(name);
      // Runs before the next loader only when that loader is in a later task.
      queueMicrotask(() => seen.push(`${name} done`));
      return Promise.resolve();
    };
    startInTurns([loader('root'), loader('shell'), loader('page')]);
    expect(seen).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['root', 'root done', 'shell', 'shell done', 'page', 'page done']);
  });

  it('keeps going when a loader fails', async () => {
    const seen: string[] = [];
    startInTurns([
      () => Promise.reject(new Error('offline')),
      () => {
        seen.push('next');
        return Promise.resolve();
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['next']);
  });
});
