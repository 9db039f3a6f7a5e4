import { readFileSync } from 'node:fs';

/** Resident set size of a process in MiB, from /proc/<pid>/status (Linux); NaN when unreadable. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS on an interval; `stop()` answers the first, last and peak sample. */
export class RssSampler {
  private readonly timer: NodeJS.Timeout;
  private first = Number.NaN;
  private last = Number.NaN;
  private peak = 0;
  private samples = 0;

  constructor(
    private readonly pid: number,
    intervalMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample() {
    const value = rssMiB(this.pid);
    if (!Number.isFinite(value)) return;
    if (!Number.isFinite(this.first)) this.first = value;
    this.last = value;
    this.peak = Math.max(this.peak, value);
    this.samples++;
  }

  stop(): { startMiB: number; endMiB: number; peakMiB: number; samples: number } {
    clearInterval(this.timer);
    this.sample();
    return { startMiB: this.first, endMiB: this.last, peakMiB: this.peak, samples: this.samples };
  }
}
