import type { ClinicalCount, ClinicalCounts, ClinicalWidget } from '../api/types';
import { widgetLook } from '../sections/lib/sections';

/**
 * Widgets allowed to have no count (spec part 2, 'Clinical'): the desktop product may list
 * them; they are shown without a count.
 */
export const COUNTLESS_WIDGETS: readonly string[] = ['hieDownloads', 'immunizationScheduling', 'opioidTreatmentAgreement', 'healthConcerns'];

/** 'A missing clinical count for a non-exempt widget throws an internal error' (spec part 2, section 8). */
export class MissingClinicalCountError extends Error {
  override readonly name = 'InternalError';
  readonly widget: string;
  constructor(widget: string) {
    super(`No clinical count for the widget '${widget}'`);
    this.widget = widget;
  }
}

/** The widgets in the order the user set: by orderNumber, ties in the list's order. */
export function byOrder<T extends Pick<ClinicalWidget, 'orderNumber'>>(widgets: readonly T[]): T[] {
  return widgets
    .map((widget, index) => ({ widget, index }))
    .sort((a, b) => a.widget.orderNumber - b.widget.orderNumber || a.index - b.index)
    .map(({ widget }) => widget);
}

/** The widgets of each column (0 first, 1 second), each in its order; hidden ones included. */
export function columnsOf<T extends Pick<ClinicalWidget, 'orderNumber' | 'columnNumber'>>(widgets: readonly T[]): [T[], T[]] {
  const sorted = byOrder(widgets);
  return [sorted.filter((w) => w.columnNumber !== 1), sorted.filter((w) => w.columnNumber === 1)];
}

/** Whether a widget's title holds the filter's text (trimmed, any case); an empty filter keeps all. */
export function matchesFilter(title: string, filter: string): boolean {
  const wanted = filter.trim().toLocaleLowerCase();
  return wanted === '' || title.toLocaleLowerCase().includes(wanted);
}

/** A tile's text: the title, with the count in parentheses when above 0 ('Allergies (3)'). */
export function countLabel(title: string, count: number | null): string {
  return count !== null && count > 0 ? `${title} (${count})` : title;
}

/** One tile of the board. */
export interface Tile {
  key: string;
  title: string;
  color: string;
  /** The text colour on `color` (the section's title bar uses the same). */
  ink: string;
  /** Null for a widget allowed to have no count. */
  count: number | null;
  label: string;
  /** 'None known': the list was reviewed and none found (count 0). */
  noneKnown: boolean;
  /** False: shown without a link, with a lock. */
  open: boolean;
}

/** A widget's tile with its count; throws `MissingClinicalCountError` when a non-exempt widget has none. */
export function tileOf(widget: ClinicalWidget, counts: ClinicalCounts): Tile {
  const found: ClinicalCount | undefined = Object.hasOwn(counts, widget.key) ? counts[widget.key] : undefined;
  if (!found && !COUNTLESS_WIDGETS.includes(widget.key)) throw new MissingClinicalCountError(widget.key);
  const count = found ? found.count : null;
  const look = widgetLook(widget.key, widget);
  return {
    key: widget.key,
    ...look,
    count,
    label: countLabel(look.title, count),
    noneKnown: !!found?.noneKnown && found.count === 0,
    open: found ? found.privilege : true,
  };
}

/**
 * The board's columns: the shown widgets (showInView) as tiles, those whose title matches the
 * filter, in two columns, or one when either is empty (spec part 2: 'one column if either is
 * empty'; the one column is whichever holds tiles). Every shown widget's count is checked,
 * whatever the filter, so typing never brings up or hides the missing-count error.
 */
export function boardColumns(widgets: readonly ClinicalWidget[], counts: ClinicalCounts, filter: string): Tile[][] {
  const shown = widgets.filter((w) => w.showInView).map((w) => ({ ...w, tile: tileOf(w, counts) }));
  const [first, second] = columnsOf(shown.filter((w) => matchesFilter(w.tile.title, filter))).map((column) => column.map((w) => w.tile)) as [Tile[], Tile[]];
  if (first.length === 0 || second.length === 0) return [[...first, ...second]];
  return [first, second];
}
