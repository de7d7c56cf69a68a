import { describe, expect, it } from 'vitest';
import { findWidget, fromColumns, moveAnnouncement, moveBy, moveToOtherColumn, moveWidget, setShown, toColumns, type Columns } from './layout';
import { widget } from './test-widgets';

const keys = (columns: Columns) => columns.map((c) => c.map((w) => w.key));
const start = () => toColumns([widget('a', 0, 0), widget('x', 1, 0), widget('b', 0, 1), widget('y', 1, 1), widget('c', 0, 2)]);

describe('toColumns', () => {
  it('splits by column, sorted by orderNumber, hidden widgets included', () => {
    const columns = toColumns([widget('c', 0, 5), widget('a', 0, 1), widget('x', 1, 3, { showInView: false })]);
    expect(keys(columns)).toEqual([['a', 'c'], ['x']]);
    expect(columns[1][0]!.showInView).toBe(false);
  });
});

describe('moving widgets', () => {
  it('reorders within a column', () => {
    expect(keys(moveWidget(start(), 'a', 0, 2))).toEqual([['b', 'c', 'a'], ['x', 'y']]);
    expect(keys(moveWidget(start(), 'c', 0, 0))).toEqual([['c', 'a', 'b'], ['x', 'y']]);
  });

  it('moves between columns at a place, clamped to the column', () => {
    const moved = moveWidget(start(), 'b', 1, 1);
    expect(keys(moved)).toEqual([['a', 'c'], ['x', 'b', 'y']]);
    expect(moved[1][1]!.columnNumber).toBe(1);
    expect(keys(moveWidget(start(), 'x', 0, 99))).toEqual([['a', 'b', 'c', 'x'], ['y']]);
    expect(keys(moveWidget(start(), 'x', 0, -3))).toEqual([['x', 'a', 'b', 'c'], ['y']]);
  });

  it('can empty a column and fill an empty one', () => {
    let columns = moveToOtherColumn(start(), 'x');
    columns = moveToOtherColumn(columns, 'y');
    expect(keys(columns)).toEqual([['a', 'b', 'c', 'x', 'y'], []]);
    expect(keys(moveWidget(columns, 'b', 1, 0))).toEqual([['a', 'c', 'x', 'y'], ['b']]);
  });

  it('changes nothing for an unknown key or a move to where it is', () => {
    const columns = start();
    expect(moveWidget(columns, 'nope', 1, 0)).toBe(columns);
    expect(moveWidget(columns, 'b', 0, 1)).toBe(columns);
    expect(moveBy(columns, 'a', -1)).toBe(columns);
    expect(moveBy(columns, 'c', 1)).toBe(columns);
  });

  it('moves up and down by one within the column', () => {
    expect(keys(moveBy(start(), 'b', -1))).toEqual([['b', 'a', 'c'], ['x', 'y']]);
    expect(keys(moveBy(start(), 'x', 1))).toEqual([['a', 'b', 'c'], ['y', 'x']]);
  });

  it('moves to the end of the other column', () => {
    expect(keys(moveToOtherColumn(start(), 'a'))).toEqual([['b', 'c'], ['x', 'y', 'a']]);
    expect(keys(moveToOtherColumn(start(), 'y'))).toEqual([['a', 'b', 'c', 'y'], ['x']]);
  });

  it('never changes the lists it was given', () => {
    const columns = start();
    const before = JSON.stringify(columns);
    moveWidget(columns, 'a', 1, 0);
    setShown(columns, 'a', false);
    expect(JSON.stringify(columns)).toBe(before);
  });

  it('finds a widget and says where it went', () => {
    expect(findWidget(start(), 'y')).toEqual({ column: 1, index: 1 });
    expect(findWidget(start(), 'nope')).toBeNull();
    expect(moveAnnouncement(moveWidget(start(), 'a', 1, 1), 'a')).toBe('A moved to Second Column, position 2 of 3.');
  });
});

describe('setShown', () => {
  it('toggles one widget', () => {
    const hidden = setShown(start(), 'b', false);
    expect(hidden[0].map((w) => w.showInView)).toEqual([true, false, true]);
    expect(setShown(hidden, 'b', true)[0].every((w) => w.showInView)).toBe(true);
  });
});

describe('fromColumns', () => {
  it('recomputes orderNumber 0..n-1 within each column and the columnNumber', () => {
    const columns = moveWidget(toColumns([widget('a', 0, 7), widget('b', 0, 30), widget('x', 1, 500)]), 'b', 1, 0);
    expect(fromColumns(columns).map(({ key, columnNumber, orderNumber }) => ({ key, columnNumber, orderNumber }))).toEqual([
      { key: 'a', columnNumber: 0, orderNumber: 0 },
      { key: 'b', columnNumber: 1, orderNumber: 0 },
      { key: 'x', columnNumber: 1, orderNumber: 1 },
    ]);
  });

  it('keeps every other field as it was', () => {
    const w = widget('labs', 1, 3, { title: 'Labs', color: '#00695C', showInView: false, flagTreatment: true, tableType: 'labTable' });
    expect(fromColumns(toColumns([w]))).toEqual([{ ...w, orderNumber: 0 }]);
  });
});

describe('reset', () => {
  it('loads a Reset list into the dialog as it is given, in its order', () => {
    const desktop = [widget('y', 1, 1), widget('a', 0, 1), widget('x', 1, 0), widget('b', 0, 0)];
    expect(keys(toColumns(desktop))).toEqual([['b', 'a'], ['x', 'y']]);
    // Applying a reset list unchanged saves the same layout.
    expect(toColumns(fromColumns(toColumns(desktop)))).toEqual(toColumns(desktop));
  });
});
