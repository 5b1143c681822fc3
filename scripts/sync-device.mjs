/**
 * A simulated device for the cluster drills (scripts/test-cluster.mjs): it registers travellers
 * into an outbox and syncs as the web app does (apps/web/src/sync): status first, and when the
 * server went back (another epoch, or a highest change below its cursor;
 * docs/decisions/003-epoch-detection.md) it queues every record it holds again as a create and
 * pulls from the start; then it pushes its outbox (in seq order, the same clientId and seq when
 * it retries) and pulls to the end, skipping the changes of its own writes. A conflict whose
 * server record equals what it sent counts as applied (its own write, already there).
 * A request that fails on the way (network error, 5xx, 429) is sent again, as a device would.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** The fields of a traveller a device writes (and compares a conflict's server record by). */
const FIELDS = ['fullName', 'passportNo', 'nationality', 'entryDate', 'status', 'gender', 'entryPostId'];
const writable = (record) => Object.fromEntries(FIELDS.map((f) => [f, record[f] ?? null]));
let passports = 0;
const passportBase = Math.floor(Math.random() * 8_000_000);
const same = (a, b) => FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

export class Device {
  /** `baseUrl`: the proxy; `token`: a bearer token; `postId`: the post its travellers enter at. */
  constructor({ baseUrl, token, postId, name }) {
    this.baseUrl = baseUrl;
    this.token = token;
    this.postId = postId;
    this.name = name;
    this.clientId = randomUUID();
    this.seq = 0;
    /** Travellers it holds: id -> writable fields. */
    this.records = new Map();
    /** Ids it created itself. */
    this.created = new Set();
    this.outbox = [];
    this.cursor = 0;
    this.epoch = null;
    this.skip = [];
    this.counts = { applied: 0, duplicate: 0, identical: 0, wentBack: 0, requeued: 0, retries: 0 };
  }

  async call(method, url, body) {
    for (let attempt = 1; ; attempt++) {
      let failure;
      try {
        const res = await fetch(`${this.baseUrl}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        if (res.ok) return JSON.parse(text);
        if (res.status < 500 && res.status !== 429)
          throw new Error(`${this.name}: ${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
        failure = `${res.status}`;
      } catch (err) {
        if (String(err.message).includes(' answered ')) throw err;
        failure = err.message;
      }
      if (attempt >= 40)
        throw new Error(`${this.name}: ${method} ${url} failed ${attempt} times: ${failure}`);
      this.counts.retries++;
      await sleep(Math.min(250 * attempt, 1_000));
    }
  }

  /** Registers `n` travellers on the device (in its outbox); their ids. */
  create(n) {
    const ids = [];
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      const data = {
        fullName: `Drill ${this.name} ${this.created.size + 1}`,
        // A Vietnamese passport number (a letter and 7 digits), different for every traveller.
        passportNo: `D${1_000_000 + (passportBase + passports++)}`,
        nationality: 'VN',
        entryDate: '2026-11-20',
        status: 'pending',
        gender: i % 2 ? 'male' : 'female',
        entryPostId: this.postId,
      };
      this.records.set(id, data);
      this.created.add(id);
      this.outbox.push({ seq: ++this.seq, table: 'travelers', op: 'create', id, baseVersion: null, data });
      ids.push(id);
    }
    return ids;
  }

  /** One sync run: status (and the repair when the server went back), push, pull. */
  async sync() {
    const status = await this.call('GET', '/api/sync/status');
    if (this.epoch !== null && (status.epoch !== this.epoch || status.maxChangeSeq < this.cursor)) {
      this.counts.wentBack++;
      const queued = new Set(this.outbox.map((m) => m.id));
      for (const [id, data] of this.records) {
        if (queued.has(id)) continue;
        this.outbox.push({ seq: ++this.seq, table: 'travelers', op: 'create', id, baseVersion: null, data });
        this.counts.requeued++;
      }
      this.cursor = 0;
      this.skip = [];
      this.epoch = status.epoch;
    }
    await this.push();
    await this.pull();
  }

  async push() {
    while (this.outbox.length > 0) {
      const batch = this.outbox.slice(0, 50);
      const answer = await this.call('POST', '/api/sync/push', { clientId: this.clientId, mutations: batch });
      const bySeq = new Map(batch.map((m) => [m.seq, m]));
      for (const r of answer.results) {
        const m = bySeq.get(r.seq);
        if (r.status === 'applied' || r.status === 'duplicate') this.counts[r.status]++;
        else if (r.status === 'conflict' && r.serverRecord && same(r.serverRecord, m.data))
          this.counts.identical++;
        else throw new Error(`${this.name}: mutation ${r.seq} answered ${JSON.stringify(r).slice(0, 300)}`);
      }
      this.skip.push(...(answer.written ?? []));
      this.outbox = this.outbox.slice(batch.length);
    }
  }

  async pull() {
    for (;;) {
      this.skip = this.skip.filter((r) => r.to > this.cursor).slice(-64);
      const ranges = this.skip.map((r) => `${r.from}-${r.to}`).join(',');
      const page = await this.call(
        'GET',
        `/api/sync/pull?cursor=${this.cursor}&limit=500${ranges ? `&skip=${ranges}` : ''}`,
      );
      for (const change of page.changes) {
        if (change.table !== 'travelers') continue;
        if (change.departed || change.record.deletedAt) this.records.delete(change.record.id);
        else this.records.set(change.record.id, writable(change.record));
      }
      this.cursor = page.cursor;
      this.epoch = page.epoch;
      if (!page.hasMore) return;
    }
  }
}

/**
 * The checker: every traveller a device created is on the server once (`serverRows`: rows of
 * { id, passport_no } of the drill's post `postId`), none is there that no device created, and
 * every device holds what the server holds for the post.
 */
export function checkDevices(devices, serverRows, postId) {
  const created = new Set(devices.flatMap((d) => [...d.created]));
  const onServer = new Map();
  for (const row of serverRows) onServer.set(row.id, (onServer.get(row.id) ?? 0) + 1);
  const passports = new Map();
  for (const row of serverRows) passports.set(row.passport_no, (passports.get(row.passport_no) ?? 0) + 1);
  const lost = [...created].filter((id) => !onServer.has(id)).length;
  const extra = [...onServer.keys()].filter((id) => !created.has(id)).length;
  const duplicated =
    [...onServer.values()].filter((n) => n > 1).length + [...passports.values()].filter((n) => n > 1).length;
  const differing = devices.filter((d) => {
    const held = [...d.records].filter(([, data]) => data.entryPostId === postId).map(([id]) => id);
    return held.length !== onServer.size || held.some((id) => !onServer.has(id));
  }).length;
  return { created: created.size, onServer: serverRows.length, lost, extra, duplicated, differing };
}
