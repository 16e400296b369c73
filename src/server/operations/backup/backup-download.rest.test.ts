import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, expectError, FAST_WRONG_KEY } from '../../test-support/http.js';
import { openVerifiedArchive } from './open-archive.js';

const context = useTestApp({ BACKUP_KEEP: '2' });
const backupDir = () => context.t.config.backup.dir;

const download = (key: string | null = context.token) =>
  context.t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: key ? bearer(key) : {} });

describe('GET /api/admin/backup', () => {
  it('answers 401 without a key or with a wrong one, and makes no backup', async () => {
    expectError(await download(null), 401, 'Admin key required');
    expectError(await download(FAST_WRONG_KEY), 401);
    expect(await readdir(backupDir()).catch(() => [])).toEqual([]);
  });

  it('has no HEAD form (it would make a whole backup to answer nothing)', async () => {
    const res = await context.t.app.inject({
      method: 'HEAD',
      url: '/api/admin/backup',
      headers: bearer(context.token),
    });
    expect(res.statusCode).toBe(404);
    expect(await readdir(backupDir()).catch(() => [])).toEqual([]);
  });

  it('streams a fresh, verifiable archive as an attachment and keeps it as the latest backup', async () => {
    await context.t.publicCaller().newsletter.subscribe({ email: 'reader@example.com' });
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    const name = /filename="(site-backup-[^"]+\.tar\.gz)"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(name).toBeDefined();
    expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));

    const dir = await mkdtemp(path.join(tmpdir(), 'downloaded-'));
    try {
      await writeFile(path.join(dir, name!), res.rawPayload);
      const archive = await openVerifiedArchive(path.join(dir, name!));
      expect(archive.manifest.database.tables.newsletter_subscriptions?.rows).toBe(1);
      await archive.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const latest = await context.t.app.inject({
      method: 'GET',
      url: '/api/admin/backups/latest',
      headers: bearer(context.token),
    });
    expect(latest.json()).toEqual({
      lastBackup: { name, createdAt: expect.any(String), bytes: res.rawPayload.length },
      everyMs: 86_400_000,
      keep: 2,
    });
  });

  it('keeps only BACKUP_KEEP archives', async () => {
    for (let i = 0; i < 3; i++) expect((await download()).statusCode).toBe(200);
    const archives = (await readdir(backupDir())).filter((name) => name.endsWith('.tar.gz'));
    expect(archives).toHaveLength(2);
  });
});
