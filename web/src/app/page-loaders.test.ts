import { describe, expect, it } from 'vitest';
import {
  drawsAtOnce,
  startInTurns,
  loadAppShell,
  loadAppointments,
  loadClinicalBoard,
  loadDayView,
  loadLanding,
  loadNotFound,
  loadOrders,
  loadPatientArea,
  loadPatients,
  loadSessionRoot,
  pageLoaders,
} from './page-loaders';

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

describe('drawsAtOnce', () => {
  it("is true for a page of the navigation or a patient's home once all their code has loaded, and only then", async () => {
    expect(drawsAtOnce('/orders')).toBe(false);
    await Promise.all([loadSessionRoot(), loadAppShell(), loadOrders()]);
    expect(drawsAtOnce('/orders')).toBe(true);
    // One order's page loads its own code inside the list's boundary.
    expect(drawsAtOnce('/orders/12')).toBe(false);
    // The schedule needs its day view too.
    expect(drawsAtOnce('/appointments')).toBe(false);
    await loadAppointments();
    expect(drawsAtOnce('/appointments')).toBe(false);
    await loadDayView();
    expect(drawsAtOnce('/appointments')).toBe(true);
    expect(drawsAtOnce('/appointments/12')).toBe(false);
  }, 30_000);

  it("draws a patient's home at once, never another of the patient's sections", async () => {
    await Promise.all([loadSessionRoot(), loadAppShell(), loadPatientArea()]);
    expect(drawsAtOnce('/patients/5')).toBe(true);
    expect(drawsAtOnce('/patients/5/patient_home')).toBe(true);
    expect(drawsAtOnce('/patients/5/demographics')).toBe(false);
    expect(drawsAtOnce('/patients/5/clinical')).toBe(false);
    expect(drawsAtOnce('/patients/5/demographics/alerts')).toBe(false);
  }, 30_000);

  it('never draws the landing redirect, the login page or an unknown address at once', async () => {
    await Promise.all([loadSessionRoot(), loadAppShell(), loadLanding(), loadNotFound()]);
    expect(drawsAtOnce('/')).toBe(false);
    expect(drawsAtOnce('/login')).toBe(false);
    expect(drawsAtOnce('/nowhere')).toBe(false);
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
