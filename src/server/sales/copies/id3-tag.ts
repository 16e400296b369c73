/**
 * A minimal ID3v2 writer (ID3v2.3/2.4, informal spec at id3.org): enough to add a comment (COMM) and a
 * user text frame (TXXX) to an MP3 while keeping its own tag's frames. Written here rather than pulled
 * in: the well-kept tag libraries read whole files or only parse; this needs 60 lines and streams the
 * audio untouched after the tag.
 */

const HEADER_BYTES = 10;

const syncsafe = (value: number) =>
  Buffer.from([(value >>> 21) & 0x7f, (value >>> 14) & 0x7f, (value >>> 7) & 0x7f, value & 0x7f]);
const fromSyncsafe = (bytes: Buffer, at: number) =>
  ((bytes[at]! & 0x7f) << 21) |
  ((bytes[at + 1]! & 0x7f) << 14) |
  ((bytes[at + 2]! & 0x7f) << 7) |
  (bytes[at + 3]! & 0x7f);

/** The existing tag's size in bytes (header included), or 0 when the file starts with none. */
export function id3TagBytes(head: Buffer): number {
  if (head.length < HEADER_BYTES || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const footer = (head[5]! & 0x10) !== 0 ? HEADER_BYTES : 0;
  return HEADER_BYTES + fromSyncsafe(head, 6) + footer;
}

/** The frames of a tag we can carry over as they are: v2.3/2.4 without tag-wide flags (unsynchronisation, extended header, footer). */
function keptFrames(tag: Buffer): { version: 3 | 4; frames: Buffer } | null {
  const version = tag[3];
  if ((version !== 3 && version !== 4) || tag[5] !== 0) return null;
  const end = Math.min(tag.length, id3TagBytes(tag));
  let at = HEADER_BYTES;
  while (at + HEADER_BYTES <= end && tag[at] !== 0) {
    const size = version === 4 ? fromSyncsafe(tag, at + 4) : tag.readUInt32BE(at + 4);
    if (at + HEADER_BYTES + size > end) break;
    at += HEADER_BYTES + size;
  }
  return { version, frames: tag.subarray(HEADER_BYTES, at) };
}

/** Text in the frame's encoding: UTF-8 (3) in v2.4, UTF-16 with BOM (1) in v2.3. */
function encoded(text: string, version: 3 | 4): { encoding: number; bytes: Buffer; terminator: Buffer } {
  if (version === 4) return { encoding: 3, bytes: Buffer.from(text, 'utf8'), terminator: Buffer.from([0]) };
  return {
    encoding: 1,
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    terminator: Buffer.from([0, 0]),
  };
}

function frame(id: string, body: Buffer, version: 3 | 4): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(id, 0, 'latin1');
  if (version === 4) syncsafe(body.length).copy(header, 4);
  else header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** COMM: encoding, language, short description, the comment. */
function commentFrame(description: string, text: string, version: 3 | 4): Buffer {
  const desc = encoded(description, version);
  const value = encoded(text, version);
  return frame(
    'COMM',
    Buffer.concat([
      Buffer.from([desc.encoding]),
      Buffer.from('eng', 'latin1'),
      desc.bytes,
      desc.terminator,
      value.bytes,
    ]),
    version,
  );
}

/** TXXX: encoding, description, value. */
function userTextFrame(description: string, text: string, version: 3 | 4): Buffer {
  const desc = encoded(description, version);
  const value = encoded(text, version);
  return frame(
    'TXXX',
    Buffer.concat([Buffer.from([desc.encoding]), desc.bytes, desc.terminator, value.bytes]),
    version,
  );
}

/**
 * The tag to put in front of the audio: the file's own frames (when its tag is a plain v2.3/2.4 one)
 * plus the copy's comment and fingerprint. `skip`: the bytes of the old tag to leave out of the copy
 * (0 when it is kept after ours: an ID3v2.2 or flagged tag, which players then ignore).
 */
export function personalTag(oldTag: Buffer, comment: string, fingerprint: string): { tag: Buffer; skip: number } {
  const kept = oldTag.length > 0 ? keptFrames(oldTag) : null;
  const version = kept?.version ?? 4;
  const frames = Buffer.concat([
    kept?.frames ?? Buffer.alloc(0),
    commentFrame('Personal copy', comment, version),
    userTextFrame('PERSONAL_COPY', fingerprint, version),
  ]);
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('ID3', 0, 'latin1');
  header[3] = version;
  syncsafe(frames.length).copy(header, 6);
  return { tag: Buffer.concat([header, frames]), skip: kept ? oldTag.length : 0 };
}
