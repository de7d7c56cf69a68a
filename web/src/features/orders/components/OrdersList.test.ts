import { describe, expect, it } from 'vitest';
import { ORDERS_LIST_SX } from './OrdersList';
import { ORDER_DOT_COLORS, URGENT_COLOR } from '../lib/constants';

// The rows are plain elements styled by the list's one set of styles (issue 17): each class
// the rows use must be styled there, with the colours the list has always shown.
describe('ORDERS_LIST_SX', () => {
  const sx = ORDERS_LIST_SX as Record<string, Record<string, unknown>>;

  it('styles every part of a row', () => {
    for (const part of ['item', 'row', 'dot-box', 'dot', 'text', 'title', 'urgent', 'patient', 'line', 'chevron']) {
      expect(sx[`& .pc-order-${part}`], part).toBeDefined();
    }
  });

  it('keeps the red and blue dots and the red urgent title', () => {
    expect(sx['& .pc-order-dot[data-dot="open"]']).toEqual({ bgcolor: ORDER_DOT_COLORS.open });
    expect(sx['& .pc-order-dot[data-dot="available"]']).toEqual({ bgcolor: ORDER_DOT_COLORS.available });
    expect(sx['& .pc-order-title[data-urgent="true"]']).toEqual({ color: URGENT_COLOR });
  });
});
