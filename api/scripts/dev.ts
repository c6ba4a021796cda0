import { spawn } from 'node:child_process';

// The API (reloading on change) behind Vite's dev server, which proxies /api to it.
const apiPort = process.env.API_PORT ?? '3001';
const env = {
  ...process.env,
  PORT: apiPort,
  API_ONLY: '1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/scripts/start.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
