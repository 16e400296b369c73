import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md names the folders of the project: each must exist, and each domain folder of
 * src/server must be named, so the page cannot drift from the tree again (it named `repositories/`,
 * `startup/` and `rest/` at the top level long after they moved).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOP_LEVEL = ['src/', 'db/', 'public/', 'scripts/', 'docs/'];

const isDirectory = (relative: string) =>
  stat(path.join(ROOT, relative)).then(
    (found) => found.isDirectory(),
    () => false,
  );

/** Every folder under src/ and db/, as a path from the root ending in '/'. */
async function allFolders(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    found.push(relative);
    for (const entry of await readdir(path.join(ROOT, relative), { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules') await walk(`${relative}${entry.name}/`);
    }
  };
  await walk('src/');
  await walk('db/');
  return found;
}

describe('docs/architecture.md', () => {
  it('names only folders that exist (a path from the root, or a short name inside one)', async () => {
    const doc = await readFile(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    // Backticked names ending in '/': `src/server/site/http/`, `uploads/`; URL paths start with '/'.
    const named = [...new Set([...doc.matchAll(/`([a-z0-9][a-z0-9._-]*(?:\/[a-z0-9._-]+)*\/)`/g)].map((m) => m[1]!))];
    expect(named.length).toBeGreaterThan(40);
    const folders = await allFolders();
    const missing: string[] = [];
    for (const name of named) {
      const exists = TOP_LEVEL.some((top) => name.startsWith(top))
        ? await isDirectory(name)
        : folders.some((folder) => folder.endsWith(`/${name}`));
      if (!exists) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it('names every domain folder of src/server by its path', async () => {
    const doc = await readFile(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const domains = (await readdir(path.join(ROOT, 'src/server'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/server/${entry.name}/`);
    expect(domains.length).toBeGreaterThan(5);
    expect(domains.filter((folder) => !doc.includes(`\`${folder}\``))).toEqual([]);
  });
});
