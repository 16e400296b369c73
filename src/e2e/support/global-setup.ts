import { execSync } from 'node:child_process';
import { projectRoot } from '../../server/paths.js';

/** Browser tests run against the production build: build it once before they start. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execSync('npm run build', { cwd: projectRoot, stdio: 'inherit' });
}
