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
 * CPU time spent during a measurement by the server process and by PostgreSQL (all its
 * processes; backends that started during the window count from zero). Where a request's cost
 * lies, the platform's own or the database's, is what the ratio against a bare handler needs.
 */
export class CpuMeter {
  private readonly serverStart: number;
  private readonly postgresStart: Map<string, number>;

  constructor(private readonly serverPid: number) {
    this.serverStart = cpuOf(serverPid)?.seconds ?? Number.NaN;
    this.postgresStart = postgresCpu();
  }

  stop(): { serverSeconds: number; postgresSeconds: number } {
    const server = (cpuOf(this.serverPid)?.seconds ?? Number.NaN) - this.serverStart;
    let postgres = 0;
    for (const [pid, seconds] of postgresCpu()) postgres += seconds - (this.postgresStart.get(pid) ?? 0);
    return { serverSeconds: server, postgresSeconds: postgres };
  }
}
