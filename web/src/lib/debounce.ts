/**
 * Settles what is being typed: `onSettle(text)` runs `delay` ms after the last `type(text)`,
 * and, while keys keep coming, at least every `maxWait` ms (so a fast typist still sees
 * results as they type). `flush()` settles at once (Enter), `cancel()` forgets the pending text.
 *
 * With `leading`, a key that comes after a pause (nothing pending, nothing settled for `delay`
 * ms) settles at once: a phone typist's keys are that far apart, so each shows its results
 * without the wait; keys typed faster than `delay` still wait for the last one.
 */
export interface Debouncer {
  type(text: string): void;
  flush(): void;
  cancel(): void;
}

/** How long to wait after a key (`delay`), at most between two settles (`maxWait`), and whether a key after a pause settles at once (`leading`). */
export interface DebounceOptions {
  delay: number;
  maxWait: number;
  leading?: boolean;
}

export function createDebouncer(onSettle: (text: string) => void, { delay, maxWait, leading = false }: DebounceOptions): Debouncer {
  let pending: string | null = null;
  let settledAt = -Infinity;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let longest: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(quiet);
    clearTimeout(longest);
    quiet = undefined;
    longest = undefined;
  };
  const settle = () => {
    const text = pending;
    stop();
    pending = null;
    settledAt = Date.now();
    if (text !== null) onSettle(text);
  };

  return {
    type(text) {
      pending = text;
      if (leading && quiet === undefined && Date.now() - settledAt >= delay) {
        settle();
        return;
      }
      clearTimeout(quiet);
      quiet = setTimeout(settle, delay);
      longest ??= setTimeout(settle, maxWait);
    },
    flush: settle,
    cancel() {
      stop();
      pending = null;
    },
  };
}
