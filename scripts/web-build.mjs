import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/landing.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** True when apps/web/dist/index.html is missing or older than anything the build reads. */
export function webBuildIsStale() {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > built);
}
