/**
 * Settles what is being typed: `onSettle(text)` runs `delay` ms after the last `type(text)`,
 * and, while keys keep coming, at least every `maxWait` ms (so a fast typist still sees
 * results as they type). `flush()` settles at once (Enter), `cancel()` forgets the pending text.
 */
export interface Debouncer {
  type(text: string): void;
  flush(): void;
  cancel(): void;
}

export function createDebouncer(onSettle: (text: string) => void, { delay, maxWait }: { delay: number; maxWait: number }): Debouncer {
  let pending: string | null = null;
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
    if (text !== null) onSettle(text);
  };

  return {
    type(text) {
      pending = text;
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
