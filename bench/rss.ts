import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A process whose resident memory is sampled while it runs (peak from /proc, Linux). */
export function sampleRss(child: ChildProcess) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
    } catch {
      // The process has exited.
    }
  }, 200);
  return { peakMb: () => Math.round(peak / 1024 / 1024), stop: () => clearInterval(timer) };
}

export type RssSampler = ReturnType<typeof sampleRss>;
