import { describe, expect, it } from 'vitest';
import { countsFor, widget } from './test-widgets';
import { contrastRatio, tileInk } from './ink';
import { boardColumns, byOrder, columnsOf, countLabel, COUNTLESS_WIDGETS, matchesFilter, MissingClinicalCountError, tileOf } from './widgets';

const labels = (columns: { label: string }[][]) => columns.map((c) => c.map((t) => t.label));

describe('countLabel', () => {
  it('shows the count in parentheses only when above 0', () => {
    expect(countLabel('Allergies', 3)).toBe('Allergies (3)');
    expect(countLabel('Allergies', 1)).toBe('Allergies (1)');
    expect(countLabel('Allergies', 0)).toBe('Allergies');
    expect(countLabel('HIE Downloads', null)).toBe('HIE Downloads');
  });
});

describe('matchesFilter', () => {
  it('keeps titles holding the text, in any case, trimmed', () => {
    expect(matchesFilter('Problem List', 'list')).toBe(true);
    expect(matchesFilter('Problem List', '  PROB ')).toBe(true);
    expect(matchesFilter('Problem List', 'allerg')).toBe(false);
    expect(matchesFilter('Problem List', '')).toBe(true);
    expect(matchesFilter('Problem List', '   ')).toBe(true);
  });
});

describe('byOrder and columnsOf', () => {
  it('sorts by orderNumber, ties in list order, and splits by columnNumber', () => {
    const list = [widget('c', 0, 2), widget('a', 0, 0), widget('x', 1, 1), widget('b', 0, 0), widget('y', 1, 0)];
    expect(byOrder(list).map((w) => w.key)).toEqual(['a', 'b', 'y', 'x', 'c']);
    const [first, second] = columnsOf(list);
    expect(first.map((w) => w.key)).toEqual(['a', 'b', 'c']);
    expect(second.map((w) => w.key)).toEqual(['y', 'x']);
  });
});

describe('tileOf', () => {
  it('carries title, colour, count and the label', () => {
    const tile = tileOf(widget('allergies', 0, 0, { title: 'Allergies', color: '#B71C1C' }), countsFor(['allergies'], { allergies: { count: 3, privilege: true } }));
    expect(tile).toEqual({ key: 'allergies', title: 'Allergies', color: '#B71C1C', ink: '#FFFFFF', count: 3, label: 'Allergies (3)', noneKnown: false, open: true });
  });

  it("says 'None known' only when reviewed and the count is 0", () => {
    const w = widget('allergies', 0, 0);
    expect(tileOf(w, { allergies: { count: 0, privilege: true, noneKnown: true } }).noneKnown).toBe(true);
    expect(tileOf(w, { allergies: { count: 0, privilege: true, noneKnown: false } }).noneKnown).toBe(false);
    expect(tileOf(w, { allergies: { count: 0, privilege: true } }).noneKnown).toBe(false);
    expect(tileOf(w, { allergies: { count: 2, privilege: true, noneKnown: true } }).noneKnown).toBe(false);
  });

  it('shows a section the user may not open without a link', () => {
    expect(tileOf(widget('labs', 0, 0), { labs: { count: 1, privilege: false } }).open).toBe(false);
  });

  it('throws an internal error when a non-exempt widget has no count', () => {
    expect(() => tileOf(widget('labs', 0, 0), {})).toThrow(MissingClinicalCountError);
    expect(() => tileOf(widget('labs', 0, 0), {})).toThrow("No clinical count for the widget 'labs'");
    try {
      tileOf(widget('labs', 0, 0), countsFor(['allergies']));
    } catch (error) {
      expect((error as Error).name).toBe('InternalError');
    }
    // Not fooled by what every object has.
    expect(() => tileOf(widget('toString', 0, 0), {})).toThrow(MissingClinicalCountError);
  });

  it('lets the four exempt widgets go without a count', () => {
    expect(COUNTLESS_WIDGETS).toEqual(['hieDownloads', 'immunizationScheduling', 'opioidTreatmentAgreement', 'healthConcerns']);
    for (const key of COUNTLESS_WIDGETS) {
      const tile = tileOf(widget(key, 0, 0, { title: 'T' }), {});
      expect(tile).toMatchObject({ count: null, label: 'T', open: true, noneKnown: false });
    }
    // An exempt widget that does get a count shows it.
    expect(tileOf(widget('healthConcerns', 0, 0, { title: 'Health Concerns' }), { healthConcerns: { count: 2, privilege: true } }).label).toBe('Health Concerns (2)');
  });
});

describe('boardColumns', () => {
  const list = [widget('allergies', 0, 0), widget('labs', 0, 1), widget('vitals', 1, 0), widget('goals', 1, 1)];
  const counts = countsFor(['allergies', 'labs', 'vitals', 'goals'], { labs: { count: 4, privilege: true } });

  it('shows two columns in order', () => {
    expect(labels(boardColumns(list, counts, ''))).toEqual([
      ['Allergies', 'Labs (4)'],
      ['Vitals', 'Goals'],
    ]);
  });

  it('shows one column when either column is empty', () => {
    expect(labels(boardColumns(list.filter((w) => w.columnNumber === 0), counts, ''))).toEqual([['Allergies', 'Labs (4)']]);
    expect(labels(boardColumns(list.filter((w) => w.columnNumber === 1), counts, ''))).toEqual([['Vitals', 'Goals']]);
    expect(labels(boardColumns([], counts, ''))).toEqual([[]]);
  });

  it('hides widgets whose showInView is false', () => {
    const hidden = list.map((w) => (w.key === 'labs' || w.key === 'goals' ? { ...w, showInView: false } : w));
    expect(labels(boardColumns(hidden, counts, ''))).toEqual([['Allergies'], ['Vitals']]);
    const oneSide = list.map((w) => (w.columnNumber === 1 ? { ...w, showInView: false } : w));
    expect(labels(boardColumns(oneSide, counts, ''))).toEqual([['Allergies', 'Labs (4)']]);
  });

  it('filters by title, then lays out what is left (one column when a side has no match)', () => {
    expect(labels(boardColumns(list, counts, 'ALL'))).toEqual([['Allergies']]);
    expect(labels(boardColumns(list, counts, 's'))).toEqual([['Allergies', 'Labs (4)'], ['Vitals', 'Goals']]);
    expect(labels(boardColumns(list, counts, 'zzz'))).toEqual([[]]);
  });

  it('checks every shown widget for its count, whatever the filter; hidden ones are not checked', () => {
    const missing = countsFor(['allergies', 'vitals', 'goals']);
    expect(() => boardColumns(list, missing, 'vitals')).toThrow(MissingClinicalCountError);
    expect(() => boardColumns(list.map((w) => (w.key === 'labs' ? { ...w, showInView: false } : w)), missing, '')).not.toThrow();
  });
});

describe('tileInk', () => {
  it('is white on the default colours, each 4.5:1 or better', () => {
    for (const color of ['#1F6A96', '#B71C1C', '#7446AA', '#2E7D32', '#AD1457', '#00695C', '#4E342E', '#283593', '#BF360C', '#37474F']) {
      expect(tileInk(color), color).toBe('#FFFFFF');
      expect(contrastRatio(color, '#FFFFFF'), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is near black on a colour too light for white', () => {
    expect(tileInk('#29AAE1')).toBe('#111111');
    expect(tileInk('#FFEB3B')).toBe('#111111');
    expect(contrastRatio('#29AAE1', '#111111')).toBeGreaterThanOrEqual(4.5);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
  });
});
