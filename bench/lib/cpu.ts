import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (sysconf CLK_TCK; 100 on the machines seen here). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's name and CPU seconds (user + system) from /proc/<pid>/stat, or null once it is gone. */
function cpuOf(pid: number | string): { name: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    // After "pid (name) " come state (field 3) … utime (14) and stime (15).
    const fields = stat.slice(close + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}

/** CPU seconds of every PostgreSQL process on the machine, by pid. */
function postgresCpu(): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cpu = cpuOf(pid);
    if (cpu?.name === 'postgres') seconds.set(pid, cpu.seconds);
  }
  return seconds;
}

/**
 * The machine's CPU ticks from /proc/stat: all of them, those stolen by the hypervisor, and those
 * it spent working (neither idle, waiting for I/O nor stolen).
 */
function machineTicks(): { total: number; steal: number; busy: number } {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const ticks = fields.map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return {
      total: ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0),
      steal,
      busy: user + nice + system + irq + softirq,
    };
  } catch {
    return { total: Number.NaN, steal: Number.NaN, busy: Number.NaN };
  }
}

/**
 * CPU time spent during a measurement by the server process and by PostgreSQL (all its
 * processes; backends that started during the window count from zero). Where a request's cost
 * lies, the platform's own or the database's, is what the ratio against a bare handler needs.
 */
export class CpuMeter {
  private readonly serverStart: number;
  private readonly postgresStart: Map<string, number>;
  private readonly machineStart = machineTicks();

  constructor(private readonly serverPid: number) {
    this.serverStart = cpuOf(serverPid)?.seconds ?? Number.NaN;
    this.postgresStart = postgresCpu();
  }

  /**
   * `stealShare`: the part of the machine's CPU time the hypervisor gave to other guests during the
   * window (0–1). This machine is a VM on a shared host, where the same code has measured up to
   * twice as slow from one hour to the next; steal is the part of that contention the guest can
   * see (not the caches and memory bandwidth other guests share), so a low figure does not prove
   * a quiet host, but a high one explains a slow line.
   */
  /**
   * `machineSeconds`: CPU time the whole machine spent working during the window (every process:
   * the server, PostgreSQL, the load generator and anything else), so that what one request costs
   * in all can be set against the 2 CPUs the run shares; `busyShare`: that time's part of all the
   * CPUs' time (0–1), which tells whether the load kept the machine busy.
   */
  stop(): {
    serverSeconds: number;
    postgresSeconds: number;
    stealShare: number;
    machineSeconds: number;
    busyShare: number;
  } {
    const server = (cpuOf(this.serverPid)?.seconds ?? Number.NaN) - this.serverStart;
    let postgres = 0;
    for (const [pid, seconds] of postgresCpu()) postgres += seconds - (this.postgresStart.get(pid) ?? 0);
    const machine = machineTicks();
    const ticks = Math.max(1, machine.total - this.machineStart.total);
    const stealShare = (machine.steal - this.machineStart.steal) / ticks;
    const busy = machine.busy - this.machineStart.busy;
    return {
      serverSeconds: server,
      postgresSeconds: postgres,
      stealShare,
      machineSeconds: busy / CLOCK_TICKS,
      busyShare: busy / ticks,
    };
  }
}
