import { performance } from 'node:perf_hooks';
import {
  attachStandby,
  ClusterError,
  clusterDir,
  clusterStatus,
  defaultPorts,
  failover,
  startCluster,
  stopCluster,
} from './cluster-control';
import { createStartReport, processTerminal, seconds } from './start-report';

// `npm run cluster [start|stop|status|failover|attach-standby]`: the production topology on this machine (docs/running-at-scale.md).
const usage =
  'usage: npm run cluster [-- start|stop|status|failover|attach-standby]   (CLUSTER_DIR, default .cluster/)';

async function main() {
  const command = process.argv[2] ?? 'start';
  const dir = clusterDir();
  const report = createStartReport(processTerminal());
  const startedAt = performance.now();
  switch (command) {
    case 'start': {
      report.write(`\n  ${report.paint(1, 'cluster')} ${report.paint(2, `starting in ${dir}`)}\n`);
      const poolSize = Number(process.env.DATABASE_POOL_SIZE || 10);
      const state = await startCluster(
        { dir, ports: defaultPorts, poolSize, servePwa: process.env.API_ONLY !== '1' },
        report,
      );
      report.write(`\n  Ready in ${seconds(performance.now() - startedAt)}:\n`);
      report.write(`    open              ${report.paint(1, state.apiEnv.PUBLIC_URL!)} (HAProxy)\n`);
      report.write(`    admin             ${state.apiEnv.ADMIN_EMAIL} / ${state.apiEnv.ADMIN_PASSWORD}\n`);
      report.write(
        `    API replicas      ${state.replicas.map((replica) => `127.0.0.1:${replica.port}`).join(', ')}\n`,
      );
      report.write(`    PgBouncer         ${state.apiEnv.DATABASE_URL} (DATABASE_URL of the API)\n`);
      report.write(`    primary, standby  127.0.0.1:${state.primary.port}, 127.0.0.1:${state.standby?.port}\n`);
      report.write(`    logs              ${dir}/logs, ${dir}/pg, ${dir}/pgbouncer, ${dir}/haproxy\n`);
      report.write('    then              npm run cluster -- status | failover | attach-standby | stop\n\n');
      break;
    }
    case 'stop':
      await stopCluster(dir, report);
      break;
    case 'status':
      report.write(`${(await clusterStatus(dir)).map((line) => `  ${line}`).join('\n')}\n`);
      break;
    case 'failover': {
      const result = await failover(dir, report);
      report.write(
        `\n  Failed over: PgBouncer switched in ${seconds(result.switchMs)}, the API answered again after ${seconds(result.serviceBackMs)}.\n`,
      );
      break;
    }
    case 'attach-standby':
      await attachStandby(dir, report);
      report.write('\n  A synchronous standby is attached again: a commit is on both servers.\n');
      break;
    default:
      console.error(usage);
      process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof ClusterError ? error.message : ((error as Error)?.stack ?? String(error))}`);
  process.exitCode = 1;
});
