import type { ClinicalWidget } from '../api/types';
import { CLINICAL_TEXT } from './texts';
import { columnsOf } from './widgets';

/**
 * The Edit Clinical Widgets dialog's rules, without UI: the two columns as lists of widgets
 * (hidden ones included), changed by moves and switches, and turned back into the
 * clinicalSummary preference on Apply. Every change answers new lists (never mutates).
 */
export type Columns = [ClinicalWidget[], ClinicalWidget[]];
export type ColumnIndex = 0 | 1;

/** The dialog's columns from a preference list (or a Reset list): each in its order. */
export function toColumns(widgets: readonly ClinicalWidget[]): Columns {
  const [first, second] = columnsOf(widgets);
  return [first.map((w) => ({ ...w, columnNumber: 0 })), second.map((w) => ({ ...w, columnNumber: 1 }))];
}

/**
 * The preference Apply saves: every widget with columnNumber its column and orderNumber its
 * place in that column, 0..n-1 (first column first).
 */
export function fromColumns(columns: Columns): ClinicalWidget[] {
  return columns.flatMap((column, c) => column.map((widget, index) => ({ ...widget, columnNumber: c, orderNumber: index })));
}

/** Where a widget is: its column and place, or null. */
export function findWidget(columns: Columns, key: string): { column: ColumnIndex; index: number } | null {
  for (const column of [0, 1] as const) {
    const index = columns[column].findIndex((w) => w.key === key);
    if (index >= 0) return { column, index };
  }
  return null;
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/**
 * Moves a widget to `column` at `index` (within its column or into the other one); the
 * index is where it ends up, clamped to the column. Unknown keys change nothing.
 */
export function moveWidget(columns: Columns, key: string, column: ColumnIndex, index: number): Columns {
  const from = findWidget(columns, key);
  if (!from) return columns;
  const widget = columns[from.column][from.index]!;
  const next: Columns = [[...columns[0]], [...columns[1]]];
  next[from.column].splice(from.index, 1);
  const to = clamp(index, 0, next[column].length);
  if (from.column === column && from.index === to) return columns;
  next[column].splice(to, 0, { ...widget, columnNumber: column });
  return next;
}

/** One place up (-1) or down (+1) within its column; at either end nothing changes. */
export function moveBy(columns: Columns, key: string, step: -1 | 1): Columns {
  const from = findWidget(columns, key);
  if (!from) return columns;
  const to = from.index + step;
  if (to < 0 || to >= columns[from.column].length) return columns;
  return moveWidget(columns, key, from.column, to);
}

/** To the end of the other column. */
export function moveToOtherColumn(columns: Columns, key: string): Columns {
  const from = findWidget(columns, key);
  if (!from) return columns;
  const other: ColumnIndex = from.column === 0 ? 1 : 0;
  return moveWidget(columns, key, other, columns[other].length);
}

/** Shows or hides a widget on the board (showInView). */
export function setShown(columns: Columns, key: string, shown: boolean): Columns {
  return columns.map((column) => column.map((w) => (w.key === key && w.showInView !== shown ? { ...w, showInView: shown } : w))) as Columns;
}

/** The columns' names as the dialog heads them. */
export const COLUMN_NAMES = [CLINICAL_TEXT.firstColumn, CLINICAL_TEXT.secondColumn] as const;

/** What a screen reader hears after a move: 'Allergies moved to Second Column, position 2 of 14.' */
export function moveAnnouncement(columns: Columns, key: string): string {
  const at = findWidget(columns, key);
  if (!at) return '';
  const widget = columns[at.column][at.index]!;
  return `${widget.title} moved to ${COLUMN_NAMES[at.column]}, position ${at.index + 1} of ${columns[at.column].length}.`;
}
