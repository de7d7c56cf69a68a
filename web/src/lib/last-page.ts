import { KEYS, readItem, removeItem, writeItem } from './storage';

/** Paths that are never remembered as "the last page". */
export function isRememberable(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  if (pathname.includes('index.html')) return false;
  return !(pathname === '/login' || pathname.startsWith('/login/'));
}

/** Where an address containing index.html goes: the last visited page, or the dashboard. */
export function indexHtmlTarget(stored: string | null): string {
  return stored && isRememberable(stored.split(/[?#]/)[0] ?? '') ? stored : '/dashboard';
}

export function rememberPage(path: string): void {
  if (isRememberable(path.split(/[?#]/)[0] ?? '')) writeItem(KEYS.lastPage, path);
}

export function lastPage(): string | null {
  return readItem(KEYS.lastPage);
}

export function forgetLastPage(): void {
  removeItem(KEYS.lastPage);
}
