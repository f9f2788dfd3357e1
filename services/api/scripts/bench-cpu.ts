/**
 * CPU spent over a stretch of a bench: this process's (process.cpuUsage), and the database server's when
 * BENCH_SERVER_PID names the postmaster of a local PostgreSQL (its processes' user + system time read from
 * /proc; a backend that exits within the stretch is missed). On a shared machine CPU per unit of work is
 * what a busy neighbour changes least: wall-clock rates fall with the load, CPU per task hardly does.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // Linux's USER_HZ is 100

function serverCpuMs(postmaster: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // fields after the command name (in parentheses, which may hold spaces): state ppid ... utime(14) stime(15)
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export interface CpuSpent {
  /** this process, ms */
  node_ms: number;
  /** the database server's processes, ms (null: not measured) */
  server_ms: number | null;
}

/** Starts measuring (the server too where `server` and BENCH_SERVER_PID say so); the function it answers gives the CPU spent since. */
export function cpuMeter(server: boolean): () => CpuSpent {
  const pid = server ? Number(process.env.BENCH_SERVER_PID ?? 0) : 0;
  const node = process.cpuUsage();
  const serverAt = pid ? serverCpuMs(pid) : 0;
  return () => {
    const used = process.cpuUsage(node);
    return { node_ms: Math.round((used.user + used.system) / 1000), server_ms: pid ? serverCpuMs(pid) - serverAt : null };
  };
}

/** CPU per unit of work, ms, from what was spent over `units` */
export function perUnit(spent: CpuSpent, units: number) {
  const round = (ms: number) => Number((ms / units).toFixed(3));
  return {
    node_ms: round(spent.node_ms),
    server_ms: spent.server_ms === null ? null : round(spent.server_ms),
    total_ms: spent.server_ms === null ? null : round(spent.node_ms + spent.server_ms),
  };
}

/**
 * With BENCH_PROFILE set, a CPU profile of this process over a stretch (the drain), written where the answered
 * function is told (open it in Chrome's DevTools, or sum its self times per function); without it, nothing.
 */
export async function cpuProfile(): Promise<(file: string) => Promise<void>> {
  if (!process.env.BENCH_PROFILE) return async () => undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    console.log(`[bench] CPU profile written to ${file}`);
  };
}
