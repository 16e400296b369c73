/** Builds multipart/form-data bodies by hand, for Fastify inject. */

export type MultipartPart = {
  field: string;
  /** A file part when given; a plain field otherwise. */
  filename?: string;
  contentType?: string;
  content: Buffer | string;
};

export const TEST_BOUNDARY = '----ThroneOfAshTestBoundary7MA4YWxkTrZu0gW';

export function multipartBody(
  parts: MultipartPart[],
  boundary = TEST_BOUNDARY,
): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.filename}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual upload: one file in the field "image". */
export function imageUpload(content: Buffer, filename = 'cover.png', contentType = 'image/png') {
  return multipartBody([{ field: 'image', filename, contentType, content }]);
}
