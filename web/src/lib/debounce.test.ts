import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_AS_YOU_TYPE, SEARCH_DEBOUNCE_MS, SEARCH_MAX_WAIT_MS } from './constants';
import { createDebouncer, type DebounceOptions } from './debounce';

/** A patient found 'in a keystroke': the search is asked for within this long of the last key (issue 12, item 14). */
const KEYSTROKE_BUDGET_MS = 150;

// The trailing settle (createDebouncer's default) at the search's delays, then as the patient search uses it.
describe('the search debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function typing(options: DebounceOptions = { delay: SEARCH_DEBOUNCE_MS, maxWait: SEARCH_MAX_WAIT_MS }) {
    const settled: Array<{ text: string; at: number }> = [];
    const start = Date.now();
    const debouncer = createDebouncer((text) => settled.push({ text, at: Date.now() - start }), options);
    const keys = (texts: string[], every: number) => {
      for (const text of texts) {
        debouncer.type(text);
        vi.advanceTimersByTime(every);
      }
    };
    return { settled, debouncer, keys };
  }

  it('leaves room for the answer: the wait after the last key is well under the keystroke budget', () => {
    expect(SEARCH_DEBOUNCE_MS).toBeLessThanOrEqual(120);
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThan(0);
  });

  it('asks for the last keyword within 150 ms of the last key, once', () => {
    const { settled, debouncer } = typing();
    debouncer.type('s');
    vi.advanceTimersByTime(40);
    debouncer.type('sm');
    vi.advanceTimersByTime(40);
    debouncer.type('smi'); // the last key, 80 ms in
    vi.advanceTimersByTime(KEYSTROKE_BUDGET_MS);
    expect(settled.map((s) => s.text)).toEqual(['smi']);
    expect(settled[0]!.at - 80).toBeLessThanOrEqual(KEYSTROKE_BUDGET_MS - 30); // room left for the answer
    vi.advanceTimersByTime(1000);
    expect(settled).toHaveLength(1);
  });

  it('waits while the user is still typing: each key starts the wait again', () => {
    const { settled, debouncer } = typing();
    debouncer.type('sm');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    debouncer.type('smi');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled.map((s) => s.text)).toEqual(['smi']);
  });

  it('shows results while a fast typist keeps typing, at least every maxWait', () => {
    const { settled, keys } = typing();
    // A key every 60 ms for a second: never a pause as long as the debounce.
    keys(Array.from({ length: 17 }, (_, i) => 'smithsonianfields'.slice(0, i + 1)), 60);
    expect(settled.length).toBeGreaterThanOrEqual(Math.floor(1000 / SEARCH_MAX_WAIT_MS) - 1);
    for (const [i, s] of settled.entries()) expect(s.at - (i === 0 ? 0 : settled[i - 1]!.at)).toBeLessThanOrEqual(SEARCH_MAX_WAIT_MS);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(settled.at(-1)!.text).toBe('smithsonianfields');
  });

  describe('as the patient search types (SEARCH_AS_YOU_TYPE: a key after a pause searches at once)', () => {
    it('settles each key of a phone typist at once, with no wait', () => {
      const { settled, keys } = typing(SEARCH_AS_YOU_TYPE);
      // A key every 120 ms, as on a phone: each is after a pause longer than the debounce.
      keys(['s', 'sm', 'smi', 'smit'], 120);
      expect(settled).toEqual([
        { text: 's', at: 0 },
        { text: 'sm', at: 120 },
        { text: 'smi', at: 240 },
        { text: 'smit', at: 360 },
      ]);
    });

    it('keys typed faster than the debounce still wait for the last one', () => {
      const { settled, debouncer } = typing(SEARCH_AS_YOU_TYPE);
      debouncer.type('j'); // after a pause: at once
      vi.advanceTimersByTime(20);
      debouncer.type('ja');
      vi.advanceTimersByTime(20);
      debouncer.type('jac'); // the last key, 40 ms in
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
      expect(settled.map((s) => s.text)).toEqual(['j']);
      vi.advanceTimersByTime(1);
      expect(settled).toEqual([
        { text: 'j', at: 0 },
        { text: 'jac', at: 40 + SEARCH_DEBOUNCE_MS },
      ]);
      // Nothing pending and no key for the debounce's length since: the next key is at once.
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      debouncer.type('jack');
      expect(settled.at(-1)).toEqual({ text: 'jack', at: 40 + 2 * SEARCH_DEBOUNCE_MS });
    });

    it('a key soon after a search settled waits, as one typed in a burst', () => {
      const { settled, debouncer } = typing(SEARCH_AS_YOU_TYPE);
      debouncer.type('l');
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 10);
      debouncer.type('lo');
      expect(settled.map((s) => s.text)).toEqual(['l']);
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      expect(settled.map((s) => s.text)).toEqual(['l', 'lo']);
    });
  });

  it('settles at once on Enter, and forgets a cancelled keyword', () => {
    const { settled, debouncer } = typing();
    debouncer.type('lop');
    debouncer.flush();
    expect(settled.map((s) => s.text)).toEqual(['lop']);
    debouncer.type('lope');
    debouncer.cancel();
    vi.advanceTimersByTime(SEARCH_MAX_WAIT_MS * 2);
    expect(settled.map((s) => s.text)).toEqual(['lop']);
  });
});
