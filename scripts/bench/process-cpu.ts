import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks of one process from /proc/<pid>/stat: its parent, its own CPU and its reaped children's. */
function ticksOf(pid: number | string) {
  // Fields after the command name: state, ppid, ... utime (14th field), stime, cutime, cstime.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) };
}

/** CPU microseconds of one process alone (utime + stime; clock ticks of 10 ms). */
export function processCpu(pid: number): number {
  return ticksOf(pid).own * 10_000;
}

/**
 * CPU microseconds a process and its children have used (Linux /proc): the postmaster's own and reaped backends'
 * (utime, stime, cutime, cstime), plus its live backends'. 0 where there is no /proc.
 */
export function processTreeCpu(pid: number): number {
  try {
    const root = ticksOf(pid);
    let total = root.own + root.children;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = ticksOf(entry);
        if (stat.ppid === pid) total += stat.own;
      } catch {
        // Ended meanwhile.
      }
    }
    // Clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return total * 10_000;
  } catch {
    return 0;
  }
}
