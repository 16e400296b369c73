import { ImageRejectedError } from './image-rejected.js';
import { processImage } from './process-image.js';

/**
 * The child process the image-variants job makes variants in (variant-encoder.ts starts it): it answers each
 * request with the image processed at the `bulk` pace, and exits when its parent closes the channel (or dies).
 */
export type EncodeRequest = { id: number; bytes: Uint8Array; extension: string };

type EncodedImage = Awaited<ReturnType<typeof processImage>>;

export type EncodeAnswer =
  | { id: number; image: EncodedImage }
  | { id: number; rejected: { statusCode: 400 | 413 | 415; message: string } }
  | { id: number; error: string };

process.on('message', (request: EncodeRequest) => {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  processImage(bytes, request.extension, 'bulk').then(
    (image) => answer({ id: request.id, image }),
    (error: unknown) =>
      answer(
        error instanceof ImageRejectedError
          ? { id: request.id, rejected: { statusCode: error.statusCode, message: error.message } }
          : { id: request.id, error: error instanceof Error ? error.message : String(error) },
      ),
  );
});

function answer(message: EncodeAnswer): void {
  process.send!(message);
}
