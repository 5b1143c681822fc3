// CPU time of the processes a bench starts, from Linux /proc (clock ticks of 10 ms): wall time on
// the shared 2-core machine moves with what else runs, the CPU a run costs much less.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms) of this run's Chromium processes by kind (--type: renderer, utility, ...;
 * browser for the main one), from /proc. Wall time on the shared 2-core machine moves with what
 * else runs; the CPU the pull costs moves much less, so A/B comparisons read this too.
 */
export function chromiumCpuMs(profileDir) {
  const byKind = {};
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    let cmdline;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Chromium's child processes rewrite their arguments into one space-separated string.
      cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue; // The process ended while being read.
    }
    if (!cmdline.includes(`--user-data-dir=${profileDir}`) || !/chromium/.test(cmdline)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const type = /--type=(\S+)/.exec(cmdline)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=(\S+)/.exec(cmdline)?.[1].split('.').at(-1);
    const kind = sub ? `${type}:${sub}` : type;
    byKind[kind] = (byKind[kind] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
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
  let ms = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended while being read.
    }
  }
  return ms;
}

/**
 * CPU time (ms) of every process on the machine, summed by what it is: PostgreSQL, PgBouncer,
 * haproxy, the server instances (node running apps/server, from its source or its build) and the rest of node (the bench's own
 * simulated devices when it runs in this process). For the cluster bench: which part of the
 * shared cores each took during a run.
 */
export function cpuByComponent() {
  const out = { postgres: 0, pgbouncer: 0, haproxy: 0, serverInstances: 0, otherNode: 0 };
  const postgres = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    let cmdline;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (comm === 'postgres') {
      out.postgres += ms;
      // Which postgres: the postmaster names its data folder (-D); its children are known by
      // their parent, and by what their title says they do.
      const ppid = fields[1];
      postgres.push({ pid: name, ppid, ms, title: cmdline.replaceAll('\0', ' ').trim() });
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
