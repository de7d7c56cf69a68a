import { describe, expect, it } from 'vitest';
import { forgetLastPage, indexHtmlTarget, isRememberable, lastPage, rememberPage } from './last-page';

describe('last visited page', () => {
  it('remembers app paths but not the login screen or index.html', () => {
    expect(isRememberable('/orders')).toBe(true);
    expect(isRememberable('/patients/12/demographics')).toBe(true);
    expect(isRememberable('/login')).toBe(false);
    expect(isRememberable('/index.html')).toBe(false);
    expect(isRememberable('relative')).toBe(false);
  });
  it('is stored on each route change and cleared at logout', () => {
    expect(lastPage()).toBeNull();
    rememberPage('/orders');
    rememberPage('/login');
    expect(lastPage()).toBe('/orders');
    rememberPage('/patients/3/clinical?tab=1');
    expect(lastPage()).toBe('/patients/3/clinical?tab=1');
    expect(localStorage.getItem('pocketchart.lastPage')).toBe('/patients/3/clinical?tab=1');
    forgetLastPage();
    expect(lastPage()).toBeNull();
  });
  it('sends an index.html address to the last page, or the dashboard', () => {
    expect(indexHtmlTarget(null)).toBe('/dashboard');
    expect(indexHtmlTarget('/orders')).toBe('/orders');
    expect(indexHtmlTarget('/index.html')).toBe('/dashboard');
    expect(indexHtmlTarget('/login')).toBe('/dashboard');
  });
});
