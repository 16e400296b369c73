import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_PATH,
  importSourceFrom,
  IMPORT_SOURCES,
  type ImportProgress,
  type ImportSummary,
} from '../../domain/import-export.js';
import type { AppServices } from '../services.js';
import { adminPreHandler } from '../auth/admin-key.js';
import { ImportRefused } from './import-refused.js';
import { parseConsent } from './consent-statement.js';
import { loadImportRun } from './import-loader.js';

/** 100 MB WordPress exports happen; twice that is refused before it fills the disk. */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
const MAX_IMPORT_LABEL = '200 MB';
/** A blog's uploads folder, every size WordPress made of each image: gigabytes happen. */
const MAX_MEDIA_BYTES = 4 * 1024 * 1024 * 1024;
const MAX_MEDIA_LABEL = '4 GB';
const NO_FILE = 'No file received: send it as multipart/form-data in the field "file"';
const IMPORT_RUNNING = 'An import is already running: wait for it to finish';

type Upload = { file: string; media?: string; mapping?: string; consent?: string; consentSource?: string };

/** Counts a part's bytes on their way to disk and stops it, refused, past `limit`. */
function capped(limit: number, message: string): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > limit ? new ImportRefused(message, 413) : null, chunk);
    },
  });
}

async function receiveUpload(request: FastifyRequest, into: string): Promise<Upload> {
  if (!request.isMultipart()) throw new ImportRefused(NO_FILE, 415);
  const upload: Partial<Upload> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'media' && !upload.media) {
        // The export's media (wp-content/uploads, Ghost's content/images, a Substack zip), beside the export.
        const media = path.join(into, 'media');
        await pipeline(part.file, createWriteStream(media));
        if (part.file.truncated) throw new ImportRefused(`The media archive is larger than ${MAX_MEDIA_LABEL}`, 413);
        upload.media = media;
      } else if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload.file) {
          part.file.resume();
          throw new ImportRefused(NO_FILE);
        }
        const file = path.join(into, 'upload');
        await pipeline(
          part.file,
          capped(
            MAX_IMPORT_BYTES,
            `The file is larger than ${MAX_IMPORT_LABEL}: split it, or import it from the server's shell`,
          ),
          createWriteStream(file),
        );
        upload.file = file;
      } else if (part.fieldname === 'mapping') {
        upload.mapping = String(part.value);
      } else if (part.fieldname === 'consent') {
        upload.consent = String(part.value);
      } else if (part.fieldname === 'consentSource') {
        upload.consentSource = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ImportRefused(`The file is larger than ${MAX_MEDIA_LABEL}`, 413);
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number' && code !== undefined)
      throw new ImportRefused(NO_FILE);
    throw new ImportRefused('Malformed multipart body: send the file as multipart/form-data in the field "file"');
  }
  if (!upload.file) throw new ImportRefused(NO_FILE);
  return upload as Upload;
}

/**
 * POST /api/admin/import?source=wordpress|ghost|substack|subscribers[&dryRun=1] (admin only): multipart field
 * `file`, optionally `media` (a zip of the blog's images, for WordPress, Ghost and Substack), (and for subscribers `mapping` JSON, and `consent` given|none with `consentSource` for a file with no
 * status column). Answers the summary. With `Accept: application/x-ndjson` the import
 * streams `{"progress":{done,total}}` lines once its check has passed, then `{"summary":…}` (the admin's
 * progress bar); a file refused by the check is still a plain 4xx.
 */
export async function registerImportRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  // One import (or dry run) at a time per app (one site): each reads a whole file and may hold the write lock.
  // The app owns it, not the module, so two apps in one process (tests, the benchmarks) do not wait for each other.
  let running = false;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // The export itself is held to MAX_IMPORT_BYTES as it arrives (capped); only a media archive may be larger.
      limits: { fileSize: MAX_MEDIA_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 64 * 1024, headerPairs: 50 },
    });
    const preHandler = adminPreHandler(services.auth);
    scope.post(IMPORT_PATH, { config: {}, compress: false, preHandler }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const source = importSourceFrom(query.source);
      if (!source) throw new ImportRefused(`Choose the source: ?source=${IMPORT_SOURCES.join('|')}`);
      const dryRun = query.dryRun === '1' || query.dryRun === 'true';
      if (running) throw new ImportRefused(IMPORT_RUNNING, 409);
      running = true;
      const scratch = await mkdtemp(path.join(tmpdir(), 'site-upload-'));
      const finish = async () => {
        running = false;
        await rm(scratch, { recursive: true, force: true });
      };
      try {
        const upload = await receiveUpload(request, scratch);
        const consent = parseConsent(upload.consent, upload.consentSource);
        const { runImport } = await loadImportRun();
        const streamed = String(request.headers.accept ?? '').includes('application/x-ndjson');
        let onFirstProgress: ((progress: ImportProgress) => void) | null = null;
        const started = new Promise<ImportProgress>((resolve) => (onFirstProgress = resolve));
        let stream: PassThrough | null = null;
        const work = runImport(services, {
          source,
          file: upload.file,
          media: upload.media,
          dryRun,
          mappingJson: upload.mapping,
          consent,
          onProgress: (progress) => {
            if (!streamed) return;
            onFirstProgress?.(progress);
            stream?.write(`${JSON.stringify({ progress })}\n`);
          },
        });
        const first = await Promise.race([work, started]);
        if (!streamed || isSummary(first)) {
          await finish();
          return reply.header('cache-control', 'no-store').send(await work);
        }
        stream = new PassThrough();
        stream.write(`${JSON.stringify({ progress: first })}\n`);
        work.then(
          (summary) => stream!.end(`${JSON.stringify({ summary })}\n`),
          (error: unknown) => {
            request.log.error({ err: error }, 'import failed');
            const message = error instanceof ImportRefused ? error.message : 'The import failed: nothing was imported';
            stream!.end(`${JSON.stringify({ error: message })}\n`);
          },
        );
        void work.finally(finish).catch(() => undefined);
        return reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(stream);
      } catch (error) {
        await finish();
        throw error;
      }
    });
  });
}

const isSummary = (value: ImportSummary | ImportProgress): value is ImportSummary => 'created' in value;
