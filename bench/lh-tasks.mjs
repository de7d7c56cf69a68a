#!/usr/bin/env node
// Where a Lighthouse report's blocking time comes from: its simulated first contentful paint and
// time to interactive, each simulated long task (Lighthouse's own 'long-tasks' audit: the observed
// task times the CPU slowdown) with the part of it Lighthouse counts as blocking (the time over
// 50 ms after the simulated first paint), and the observed main-thread tasks over 8 ms. Reads the
// whole reports `LH_DEBUG=1 node bench/lighthouse.mjs` keeps in bench/results/raw/.
//
//   node bench/lh-tasks.mjs bench/results/raw/lhr-orders-1.json [more reports]
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/lh-tasks.mjs REPORT.json [REPORT.json ...]');
  process.exit(1);
}

for (const file of files) {
  const lhr = JSON.parse(readFileSync(file, 'utf8'));
  const metrics = lhr.audits.metrics.details.items[0];
  const fcp = metrics.firstContentfulPaint;
  const tti = metrics.interactive;
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).origin;
  console.log(`${file}: performance ${Math.round(lhr.categories.performance.score * 100)}`);
  console.log(`  simulated: FCP ${Math.round(fcp)} ms, TTI ${Math.round(tti)} ms, TBT ${Math.round(metrics.totalBlockingTime)} ms`);
  console.log(`  observed: FCP ${Math.round(metrics.observedFirstContentfulPaint)} ms, LCP ${Math.round(metrics.observedLargestContentfulPaint)} ms`);
  console.log('  simulated long tasks (start, duration, counted as blocking, script):');
  const tasks = [...(lhr.audits['long-tasks'].details?.items ?? [])].sort((a, b) => a.startTime - b.startTime);
  for (const task of tasks) {
    // Lighthouse's own rule (TBTUtils): only the part after the first paint and before
    // interactive, less the first 50 ms of the task.
    const start = Math.max(task.startTime, fcp);
    const end = Math.min(task.startTime + task.duration, tti);
    const counted = end > start ? Math.max(0, end - start - 50) : 0;
    const url = String(task.url).replace(origin, '');
    console.log(`    ${String(Math.round(task.startTime)).padStart(6)} ${String(Math.round(task.duration)).padStart(5)} ${String(Math.round(counted)).padStart(5)}  ${url}`);
  }
  console.log('  observed main-thread tasks over 8 ms (start, duration):');
  for (const task of lhr.audits['main-thread-tasks'].details?.items ?? []) {
    if (task.duration > 8) console.log(`    ${String(Math.round(task.startTime)).padStart(6)} ${task.duration.toFixed(1).padStart(6)}`);
  }
}
