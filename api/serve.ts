import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { AppDeps } from './app-deps';
import { scheduleJobs } from './scheduled-jobs';

export interface ServeOptions {
  port: number;
  host?: string;
  /** The built PWA to serve beside the API; none for the API alone. */
  staticDir?: string;
}

/** The API, the PWA and the scheduled jobs in one process: what `npm start` runs. */
export async function serve(deps: AppDeps, { port, host, staticDir }: ServeOptions) {
  const { app } = createApp(deps, { staticDir });
  const stopJobs = scheduleJobs(deps);
  const server = app.listen(port, host);
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    /**
     * Stops taking requests and lets what is under way finish: answers in flight, the jobs' current runs (a digest
     * half-sent commits or rolls back, never dies mid-transaction), background mail. Then closes the database.
     */
    async stop() {
      const closed = new Promise((done) => server.close(done));
      server.closeIdleConnections();
      await stopJobs();
      await closed;
      await deps.background.settled();
      await deps.db.destroy();
    },
  };
}
