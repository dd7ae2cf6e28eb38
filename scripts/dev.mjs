// `npm run dev`: the API with reload on change (tsx watch) and Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const children = [
  // Same data folder as `npm start`, although the API workspace runs in apps/api.
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: path.resolve('data') },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
