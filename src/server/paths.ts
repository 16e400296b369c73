import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, whether running from src/ (tsx, vitest) or dist/ (compiled). */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const publicDir = path.join(projectRoot, 'public');
export const builtClientDir = path.join(projectRoot, 'dist', 'client');
