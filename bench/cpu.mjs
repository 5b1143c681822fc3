// CPU time of the processes a bench starts, from Linux /proc (clock ticks of 10 ms): wall time on
// the shared 2-core machine moves with what else runs, the CPU a run costs much less.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every process on the machine now: pid, parent pid, name (comm), command line (its arguments
 * joined by spaces: Chromium's children rewrite theirs into one string) and CPU time so far (ms).
 * A process that ends while being read is left out.
 */
function processes() {
  const out = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({
        pid,
        ppid: fields[1],
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        cmdline,
        ms: (Number(fields[11]) + Number(fields[12])) * 10,
      });
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

/**
 * CPU time (ms) of this run's Chromium processes by kind (--type: renderer, utility, ...;
 * browser for the main one), from /proc. Wall time on the shared 2-core machine moves with what
 * else runs; the CPU the pull costs moves much less, so A/B comparisons read this too.
 */
export function chromiumCpuMs(profileDir) {
  const byKind = {};
  for (const { cmdline, ms } of processes()) {
    if (!cmdline.includes(`--user-data-dir=${profileDir}`) || !/chromium/.test(cmdline)) continue;
    const type = /--type=(\S+)/.exec(cmdline)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=(\S+)/.exec(cmdline)?.[1].split('.').at(-1);
    const kind = sub ? `${type}:${sub}` : type;
    byKind[kind] = (byKind[kind] ?? 0) + ms;
  }
  return byKind;
}

/** CPU time (ms) used so far by one process. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // The process has ended.
  }
}

/**
 * CPU time (ms) of every PostgreSQL process on the machine (its postmaster, backends and
 * background workers): the server's database work when the bench runs on PostgreSQL
 * (scripts/with-postgres.mjs starts a cluster of its own for it).
 */
export function postgresCpuMs() {
  return processes()
    .filter((p) => p.comm === 'postgres')
    .reduce((sum, p) => sum + p.ms, 0);
}

/** Every process's CPU time so far, by pid (for cpuByComponent). */
export function cpuSnapshot() {
  return new Map(processes().map((p) => [p.pid, p]));
}

/**
 * CPU time (ms) each part of the machine took between the snapshots `before` and `after`
 * (cpuSnapshot), summed by what it is: PostgreSQL, PgBouncer, haproxy, the server instances
 * (node running apps/server, from its source or its build) and the rest of node (the bench's own
 * simulated devices when it runs in this process). A process gone by `after` (an instance the
 * bench killed) counts what it took until the latest of `between` that still saw it: a snapshot
 * taken just before the kill. For the cluster bench: which part of the shared cores each took.
 */
export function cpuByComponent(before, after, ...between) {
  const out = { postgres: 0, pgbouncer: 0, haproxy: 0, serverInstances: 0, otherNode: 0 };
  const latest = new Map(before);
  for (const snapshot of [...between, after]) for (const [pid, p] of snapshot) latest.set(pid, p);
  const postgres = [];
  for (const [pid, p] of latest) {
    const { comm, cmdline } = p;
    // A pid seen again may be another process (pids are reused): its start is not known here,
    // so a reading below the first counts from zero.
    const first = before.get(pid);
    const ms = first && first.comm === comm && p.ms >= first.ms ? p.ms - first.ms : p.ms;
    // Which postgres: the postmaster names its data folder (-D); its children are known by
    // their parent, and by what their title says they do.
    if (comm === 'postgres') {
      out.postgres += ms;
      postgres.push({ pid, ppid: p.ppid, ms, title: cmdline });
    } else if (comm === 'pgbouncer') out.pgbouncer += ms;
    else if (comm === 'haproxy') out.haproxy += ms;
    else if (comm === 'node' || comm.startsWith('node')) {
      if (/apps\/server\/(src\/main\.ts|dist\/main\.js)/.test(cmdline)) out.serverInstances += ms;
      else out.otherNode += ms;
    }
  }
  // Per data folder (its last part: primary, replica) and kind of process.
  const folderOf = new Map();
  for (const p of postgres) {
    const dir = /-D\s+(\S+)/.exec(p.title)?.[1];
    if (dir) folderOf.set(p.pid, dir.split('/').filter(Boolean).at(-1));
  }
  for (const p of postgres) {
    const folder = folderOf.get(p.pid) ?? folderOf.get(p.ppid) ?? 'other';
    const title = p.title.replace(/^postgres:\s*/, '');
    const kind = folderOf.has(p.pid)
      ? 'postmaster'
      : (/^(autovacuum|checkpointer|background writer|walwriter|walsender|walreceiver|startup|logical replication|archiver)/.exec(
          title,
        )?.[1] ?? 'backends');
    const key = `postgres:${folder}:${kind}`;
    out[key] = (out[key] ?? 0) + p.ms;
  }
  return out;
}

/** The machine's busy and total CPU ticks so far (/proc/stat's first line). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine is quiet: a second in which its cores were busy less than `busyAtMost`
 * of the time (0.15: the bench's own idle processes), for `waitAtMostMs` at most. A bulk load
 * leaves work behind it (PostgreSQL writing its dirty pages out, the kernel flushing them) that
 * would be timed with the first requests. Answers the busy share of the last second measured.
 */
export async function quietMachine({ busyAtMost = 0.15, waitAtMostMs = 60_000 } = {}) {
  const until = Date.now() + waitAtMostMs;
  for (;;) {
    const a = machineTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const b = machineTicks();
    const busy = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    if (busy <= busyAtMost || Date.now() >= until) return +busy.toFixed(2);
  }
}
