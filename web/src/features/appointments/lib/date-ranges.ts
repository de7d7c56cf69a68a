import { addDays, endOfMonth, format, parseISO, startOfMonth, subMonths } from 'date-fns';

/** Patient appointment date range options (spec part 2, section 4), by id. */
export const DATE_RANGES = [
  { id: 1, label: 'Custom Date Range' },
  { id: 2, label: 'All Appointments' },
  { id: 3, label: 'Future Appointments' },
  { id: 4, label: 'This Month' },
  { id: 5, label: 'Last Month' },
  { id: 6, label: 'Last 6 Months' },
  { id: 7, label: 'This Year' },
  { id: 8, label: 'Last Year' },
] as const;

export type DateRangeId = (typeof DATE_RANGES)[number]['id'];

export const CUSTOM_RANGE: DateRangeId = 1;

export function isDateRangeId(value: unknown): value is DateRangeId {
  return typeof value === 'number' && DATE_RANGES.some((r) => r.id === value);
}

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The start and end (yyyy-MM-dd, inclusive; null: open) of a range, from `today` (the
 * practice's day, yyyy-MM-dd). Custom keeps the dates given.
 */
export function rangeDates(range: DateRangeId, today: string, custom: { start: string | null; end: string | null } = { start: null, end: null }): { start: string | null; end: string | null } {
  const now = parseISO(today);
  const year = now.getFullYear();
  switch (range) {
    case 1:
      return { start: custom.start || null, end: custom.end || null };
    case 2:
      return { start: null, end: null };
    case 3:
      return { start: today, end: null };
    case 4:
      return { start: day(startOfMonth(now)), end: day(endOfMonth(now)) };
    case 5: {
      const last = subMonths(startOfMonth(now), 1);
      return { start: day(last), end: day(endOfMonth(last)) };
    }
    case 6:
      return { start: day(subMonths(now, 6)), end: today };
    case 7:
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    case 8:
      return { start: `${year - 1}-01-01`, end: `${year - 1}-12-31` };
  }
}

/** The day before or after a yyyy-MM-dd day. */
export function shiftDay(date: string, days: number): string {
  return day(addDays(parseISO(date), days));
}
