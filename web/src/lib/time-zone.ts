import { format } from 'date-fns';

/**
 * The practice's time zone (preference `practice.timeZone`): the schedule's days and times
 * are the practice's, whatever zone the phone is in. Plain Intl, no time-zone library:
 * an instant's wall clock in a zone, and a wall clock in a zone back to the instant.
 */

export const FALLBACK_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Each zone's check, made once: a page reads the practice's zone at every render, and building a formatter is slow on a phone. */
const checkedZones = new Map<string, string>();

/** A zone Intl knows, else UTC (the server's default). */
export function validTimeZone(zone: string | null | undefined): string {
  if (!zone) return FALLBACK_TIME_ZONE;
  let valid = checkedZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = zone;
    } catch {
      valid = FALLBACK_TIME_ZONE;
    }
    checkedZones.set(zone, valid);
  }
  return valid;
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: validTimeZone(zone),
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `instant` in `zone`. */
export function wallClockOf(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts['year'] ?? 1970,
    month: parts['month'] ?? 1,
    day: parts['day'] ?? 1,
    hour: (parts['hour'] ?? 0) % 24,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** How far `zone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const w = wallClockOf(new Date(instant), zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the clocks of `zone` show `wall` (the earlier one when doubled; after a gap, an hour on). */
export function instantOf(wall: WallClock, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const first = asUtc - offsetAt(asUtc, zone);
  const second = asUtc - offsetAt(first, zone);
  if (first === second) return new Date(first);
  // Around a change the two guesses differ: the earlier one that reads back right wins.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const c of candidates) {
    const back = wallClockOf(new Date(c), zone);
    if (back.hour === wall.hour && back.minute === wall.minute && back.day === wall.day) return new Date(c);
  }
  return new Date(Math.max(first, second));
}

/**
 * A Date whose device-local fields show the wall clock of `instant` in `zone`: what the
 * calendar (which works in device time) draws, so it draws the practice's times.
 */
export function toDeviceWallClock(instant: Date | string, zone: string): Date {
  const w = wallClockOf(typeof instant === 'string' ? new Date(instant) : instant, zone);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The reverse of `toDeviceWallClock`: the device-local fields of `date` read as the wall clock of `zone`. */
export function fromDeviceWallClock(date: Date, zone: string): Date {
  return instantOf(
    { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes(), second: date.getSeconds() },
    zone,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day of `instant` in `zone`, yyyy-MM-dd. */
export function dayIn(instant: Date | string, zone: string): string {
  const w = wallClockOf(typeof instant === 'string' ? new Date(instant) : instant, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today at the practice, yyyy-MM-dd. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return dayIn(now, zone);
}

/** `instant` shown in `zone` with a date-fns pattern ('hh:mm a', 'MM/dd/yyyy'). */
export function formatIn(instant: Date | string | null | undefined, zone: string, pattern: string): string {
  if (!instant) return '';
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  return format(toDeviceWallClock(date, zone), pattern);
}

/** An instant as the wire wants it: ISO 8601 UTC without fractions. */
export function wireInstant(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** 'yyyy-MM-ddTHH:mm' (a datetime-local input's value) in `zone` for `instant`. */
export function localInputValue(instant: Date | string, zone: string): string {
  return formatIn(instant, zone, "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local input's value read in `zone`; null when incomplete. */
export function instantFromLocalInput(value: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  return instantOf({ year, month, day, hour, minute, second: 0 }, zone);
}
