import type { Page } from '@playwright/test';

/**
 * Run in the page (`page.addInitScript(recordStatuses)` before it loads, or `page.evaluate` after):
 * keeps the text of every status (`role="status"`: a spinner's label among them) that shows from
 * then on, so a test can tell that a spinner never showed, however briefly.
 */
export function recordStatuses(): void {
  const seen: string[] = [];
  (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
  new MutationObserver(() => {
    for (const status of Array.from(document.querySelectorAll('[role="status"]'))) {
      if (status.textContent?.trim()) seen.push(status.textContent.trim());
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The statuses `recordStatuses` kept. */
export const statusesSeen = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen);
