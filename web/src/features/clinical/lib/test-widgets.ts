import type { ClinicalCounts, ClinicalWidget } from '../api/types';

/** A widget as the preference holds it (tests only). */
export function widget(key: string, columnNumber: number, orderNumber: number, more: Partial<ClinicalWidget> = {}): ClinicalWidget {
  const title = key.charAt(0).toUpperCase() + key.slice(1);
  return { key, title, tableType: key, flagTreatment: false, color: '#1F6A96', orderNumber, columnNumber, showInView: true, ...more };
}

/** Counts of 0 with privilege for each key (tests only). */
export function countsFor(keys: string[], more: ClinicalCounts = {}): ClinicalCounts {
  return { ...Object.fromEntries(keys.map((k) => [k, { count: 0, privilege: true }])), ...more };
}
