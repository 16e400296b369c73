import { execSync } from 'node:child_process';
import { projectRoot } from '../../server/paths.js';

/**
 * Browser and load tests run against the production build: build it once before they start
 * (both projects name this setup; the second one finds the build made).
 */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execSync('npm run build', { cwd: projectRoot, stdio: 'inherit' });
  process.env.E2E_SKIP_BUILD = '1';
}
