// Runs one of the API's commands (npm run db:migrate …) where it is: from its TypeScript source through tsx in a
// checkout (apps/api/src is there), from the build in a container (only apps/api/dist is there, and no tsx).
//   node scripts/api.mjs db/migrate-cli [its arguments]
// The command runs in this process, with process.argv as if started alone (its arguments from argv[2] on).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-stamp.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[\w/-]+$/.test(name)) {
  console.error('usage: node scripts/api.mjs <command under apps/api/src, e.g. db/migrate-cli> [arguments]');
  process.exit(1);
}
const source = path.join(root, 'apps/api/src', `${name}.ts`);
const built = path.join(root, 'apps/api/dist', `${name}.js`);
let file;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  file = source;
} else if (existsSync(built)) file = built;
else {
  console.error(
    `There is no ${name} in apps/api/src or in the build (apps/api/dist): run npm run build first.`,
  );
  process.exit(1);
}
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
