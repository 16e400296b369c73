import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFileIn, uploadsDirIn } from '../startup/data-files.js';
import { bearer } from '../../test-support/http.js';
import { pngImage } from '../../test-support/images.js';
import { imageUpload } from '../../test-support/multipart.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validArtPiece } from '../../test-support/test-app.js';
import { digestFile } from './file-digest.js';
import { restoreBackup } from './restore-backup.js';
import { summariseTables } from './table-summaries.js';

const WRITERS = 4;
const MAX_WRITES_PER_WRITER = 400;
const WRITE_PHASE_LIMIT_MS = 20_000;

const backupDir = await mkdtemp(path.join(tmpdir(), 'backup-load-'));
afterAll(() => rm(backupDir, { recursive: true, force: true }));

describe('a backup taken while writes run', () => {
  it('restores into a wiped DATA_DIR with every row and upload equal to its manifest', async () => {
    const t = await createTestApp({ BACKUP_DIR: backupDir });
    const token = await openAdminSession(t.services);
    const acknowledged: { table: string; id: string; at: number }[] = [];
    let stop = false;
    const startedAt = Date.now();

    /** One writer: contact messages, newsletter sign-ups, an uploaded image and an art piece using it. */
    async function writer(index: number) {
      for (let i = 0; i < MAX_WRITES_PER_WRITER && !stop && Date.now() - startedAt < WRITE_PHASE_LIMIT_MS; i++) {
        const kind = i % 10;
        if (kind === 9) {
          const upload = await t.app.inject({
            method: 'POST',
            url: '/api/upload',
            headers: { ...imageUpload(pngImage(200 + i)).headers, ...bearer(token) },
            payload: imageUpload(pngImage(200 + i)).payload,
          });
          expect(upload.statusCode, upload.body).toBe(201);
          const art = await t.callerWithKey(token).art.create({
            ...validArtPiece,
            imageUrl: upload.json<{ path: string }>().path,
          });
          acknowledged.push({ table: 'art_pieces', id: art.id, at: Date.now() });
        } else if (kind % 2 === 0) {
          const sent = await t.publicCaller().contact.send({
            name: `Writer ${index}`,
            email: `w${index}@example.com`,
            message: `Message ${i}`,
          });
          acknowledged.push({ table: 'contact_submissions', id: sent.id!, at: Date.now() });
        } else {
          const sub = await t.publicCaller().newsletter.subscribe({ email: `w${index}-${i}@example.com` });
          acknowledged.push({ table: 'newsletter_subscriptions', id: sub.id!, at: Date.now() });
        }
      }
    }

    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    while (acknowledged.length < 100 && Date.now() - startedAt < WRITE_PHASE_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const backupStartedAt = Date.now();
    const backup = await t.services.backups.run();
    const writesDuringBackup = acknowledged.filter((write) => write.at >= backupStartedAt).length;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(100);

    await t.app.close();
    await rm(t.dataDir, { recursive: true, force: true });
    await restoreBackup({ archiveFile: backup.file, dataDir: t.dataDir, backupDir });

    const sqlite = new SQLite(databaseFileIn(t.dataDir), { readonly: true });
    try {
      expect(summariseTables(sqlite)).toEqual(backup.manifest.database.tables);
      // Every write acknowledged before the backup began is in it.
      for (const write of acknowledged.filter((w) => w.at < backupStartedAt)) {
        const row = sqlite.prepare(`SELECT id FROM ${write.table} WHERE id = ?`).get(write.id);
        expect(row, `${write.table} ${write.id}`).toBeDefined();
      }
      expect(sqlite.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    } finally {
      sqlite.close();
    }
    const uploads = await readdir(uploadsDirIn(t.dataDir));
    expect(uploads.sort()).toEqual(backup.manifest.uploads.map((upload) => upload.name).sort());
    for (const upload of backup.manifest.uploads) {
      expect(await digestFile(path.join(uploadsDirIn(t.dataDir), upload.name))).toEqual({
        sha256: upload.sha256,
        bytes: upload.bytes,
      });
    }
    expect(backup.manifest.uploads.length).toBeGreaterThan(0);
    console.log(`${acknowledged.length} writes acknowledged, ${writesDuringBackup} while the backup ran`);
    await rm(t.dataDir, { recursive: true, force: true });
  });
});
