import { useEffect, useState } from 'react';

/**
 * `text` once it has stayed the same for `ms` (typing paused), so a search is asked of the
 * server once per pause rather than once per key. An empty text settles at once: clearing
 * a search shows everything without waiting.
 */
export function useSettledText(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), text === '' ? 0 : ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return text === '' ? '' : settled;
}
