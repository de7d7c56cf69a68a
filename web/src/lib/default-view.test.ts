import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEWS, landingPath } from './default-view';

describe('landing by defaultView', () => {
  it('maps 0-4 to dashboard, appointments, orders, patients, referrals', () => {
    expect(landingPath(0)).toBe('/dashboard');
    expect(landingPath(1)).toBe('/appointments');
    expect(landingPath(2)).toBe('/orders');
    expect(landingPath(3)).toBe('/patients');
    expect(landingPath(4)).toBe('/referrals');
  });
  it('sends anything else to the dashboard', () => {
    for (const v of [5, -1, 1.5, '1', null, undefined, Number.NaN]) expect(landingPath(v)).toBe('/dashboard');
  });
  it('labels the choices as the spec does', () => {
    expect(DEFAULT_VIEWS.map((v) => v.label)).toEqual(['Dashboard', 'Schedule', 'Orders', 'Patients', 'Referrers']);
  });
});
