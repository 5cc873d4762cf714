// Builds the SPA when dist/ is missing or older than its sources, so `npm start` works on a fresh clone.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
  join(root, p),
);
const stale =
  !existsSync(built) || sources.some((p) => existsSync(p) && newestMtime(p) > statSync(built).mtimeMs);

if (stale) {
  console.log('Building the web app (dist/) ...');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
