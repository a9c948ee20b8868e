/**
 * The floor of Node.js + Express on this machine: one JSON route (`GET /bare/:id`) and nothing else. Benchmarks
 * measure it with their own client in the same run, so a service's figure can be read as a share of it: a ratio
 * that holds across machines of different speeds, where absolute figures do not.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoadClient, measure, type Figures } from './http-load';

// Express as @nestjs/platform-express ships it (the repository has no @types/express).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as () => {
  get(path: string, handler: (req: { params: Record<string, string> }, res: { json(body: unknown): void }) => void): void;
  listen(port: number, host: string): Server;
};

const startBareExpress = async (): Promise<{ readonly url: string; close(): void }> => {
  const app = express();
  app.get('/bare/:id', (req, res) => {
    res.json({ id: req.params.id, ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
};

/** `requests` GETs of the empty route at `concurrency`, from a client of its own (bench/http-load.ts), warmed up first. */
export const measureBareExpress = async (requests: number, concurrency: number): Promise<Figures> => {
  const server = await startBareExpress();
  const client = new LoadClient(server.url);
  try {
    return await measure(client, Array.from({ length: requests }, (_, i) => ({ method: 'GET', path: `/bare/A${i % 50}` })), concurrency);
  } finally {
    await client.close();
    server.close();
  }
};
