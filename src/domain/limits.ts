/** Upper bounds for every stored text field, in characters. */
export const TEXT_LIMITS = {
  title: 200,
  name: 200,
  username: 100,
  email: 254,
  description: 2_000,
  summary: 2_000,
  message: 5_000,
  content: 200_000,
  url: 2_048,
  price: 50,
  readTime: 50,
  phone: 50,
  specialRequests: 2_000,
  password: 256,
  trackField: 200,
} as const;

export const MAX_TRACKS = 100;

/** JSON bodies larger than this are refused with 413 (uploads have their own limit). */
export const MAX_JSON_BODY_BYTES = 1_048_576;

/** The most calls one tRPC batch (one HTTP request) may carry: the server refuses more, the client's link sends as many. */
export const MAX_CALLS_PER_BATCH = 10;

/** Image uploads: at most 25 MB as sent (a phone's full-size photo), resized on upload (process-image.ts). */
export const MAX_UPLOAD_MB = 25;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
