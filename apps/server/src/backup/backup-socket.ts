/**
 * How `npm run backup` gets a consistent copy of the embedded database while the server runs: the
 * server holds PGlite (one process may open it), so it makes the copy itself, between two
 * statements (Database.dumpDataDir), and hands it over on a Unix socket in DATA_DIR, `backup.sock`
 * (mode 0600). Whoever may connect to it may read DATA_DIR anyway: no other protection is needed,
 * and nothing listens on the network. The socket exists only while a server with an embedded
 * database on disk runs; on PostgreSQL, backups are pg_dump's.
 */
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

const MAX_SOCKET_PATH = 107;

/** Whether a server answers on the socket (a file left by a killed server does not). */
export function serverListens(socket: string): Promise<boolean> {
  if (!existsSync(socket)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = httpRequest({ socketPath: socket, path: '/', method: 'HEAD' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Asks the server on `socket` for a copy of its database; the gzipped tar. */
export function copyFromServer(socket: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath: socket, path: '/backup', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(new Uint8Array(body));
        else
          reject(new Error(`the server could not make the copy: ${body.toString('utf8') || res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Listens on DATA_DIR/backup.sock while the app runs (embedded database on disk only). */
export function registerBackupSocket(app: FastifyInstance, database: Database, dataDir: string) {
  const dump = database.dumpDataDir;
  if (!dump) return;
  const socket = backupSocketPath(dataDir);
  let server: Server | null = null;
  app.addHook('onReady', async () => {
    // A Unix socket's path is at most 107 bytes.
    if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
      app.log.warn(
        { socket },
        'DATA_DIR is too long a path for the backup socket: npm run backup needs the server stopped',
      );
      return;
    }
    // A socket file a killed server left behind; a live one means another server has this
    // DATA_DIR, which PGlite does not allow: then there is no socket (and a warning).
    if (existsSync(socket)) {
      if (await serverListens(socket)) {
        app.log.warn(
          { socket },
          'another server answers on the backup socket: npm run backup reaches that one',
        );
        return;
      }
      unlinkSync(socket);
    }
    const listening = createServer((req, res) => {
      if (req.method === 'HEAD') {
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'GET' || req.url !== '/backup') {
        res.writeHead(404).end();
        return;
      }
      const started = Date.now();
      dump().then(
        (copy) => {
          app.log.info({ bytes: copy.byteLength, ms: Date.now() - started }, 'backup copy made');
          res
            .writeHead(200, { 'content-type': 'application/gzip', 'content-length': copy.byteLength })
            .end(copy);
        },
        (err: unknown) => {
          app.log.error({ err }, 'backup copy failed');
          res.writeHead(500).end(err instanceof Error ? err.message : 'failed');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(socket, () => resolve());
    });
    chmodSync(socket, 0o600);
    server = listening;
  });
  app.addHook('onClose', async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  });
}
