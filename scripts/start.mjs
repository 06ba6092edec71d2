// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server
// in this process (TypeScript through tsx), so Ctrl+C reaches the server and it stops its database cleanly.
import { spawnSync } from 'node:child_process';
import { webBuildIsStale } from './web-build.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app (first start or sources changed)...');
  const r = spawnSync('npm', ['run', 'build', '--workspace', '@nusa/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
