import type * as fileType from 'file-type';
import { lazyModule } from '../../lazy-module.js';
import {
  EDITION_FILE_INFO,
  FILE_KINDS_BY_EDITION,
  type EditionFileKind,
  type SellableEditionFormat,
} from '../../../domain/edition-files.js';

/** file-type loads with the first file it judges, not with the server. */
const loadFileType = lazyModule<typeof fileType>('file-type');

/** Bytes read before deciding what a file is (file-type's own sample size). */
export const TYPE_HEAD_BYTES = 4100;

/** What file-type may call each kind. An EPUB whose `mimetype` is misplaced sniffs as a plain zip: the EPUB check then says what is wrong. */
const SNIFFED_AS: Record<EditionFileKind, readonly string[]> = {
  epub: ['epub', 'zip'],
  pdf: ['pdf'],
  mobi: ['mobi'],
  azw3: ['mobi'],
  mp3: ['mp3'],
  m4b: ['m4b', 'm4a', 'mp4'],
};

const KIND_BY_EXTENSION: Record<string, EditionFileKind> = {
  epub: 'epub',
  pdf: 'pdf',
  mobi: 'mobi',
  azw3: 'azw3',
  mp3: 'mp3',
  m4b: 'm4b',
  m4a: 'm4b',
};

export type KindCheck = { ok: true; kind: EditionFileKind } | { ok: false; status: 415; message: string };

/** The kind the file's name claims, if this edition takes it. */
export function claimedKind(filename: string, edition: SellableEditionFormat): KindCheck {
  const extension = filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '';
  const kind = KIND_BY_EXTENSION[extension];
  const allowed = FILE_KINDS_BY_EDITION[edition] ?? [];
  if (!kind || !allowed.includes(kind))
    return {
      ok: false,
      status: 415,
      message: `An ${edition} takes ${allowed.map((allowedKind) => EDITION_FILE_INFO[allowedKind].label).join(', ')} files (by their name's ending)`,
    };
  return { ok: true, kind };
}

/** Whether the first bytes (file-type's sniff) agree with the kind the name claims. */
export async function checkSniffedKind(kind: EditionFileKind, head: Buffer): Promise<KindCheck> {
  const found = await loadFileType().fileTypeFromBuffer(head);
  if (found && SNIFFED_AS[kind].includes(found.ext)) return { ok: true, kind };
  return {
    ok: false,
    status: 415,
    message: `This file is not a real ${EDITION_FILE_INFO[kind].label} file: its content ${found ? `is ${found.ext.toUpperCase()}` : 'is of no known type'}, not what its name says`,
  };
}
