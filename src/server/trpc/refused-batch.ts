import { BATCH_TOO_LARGE } from './trpc.js';

type Envelope = { result?: unknown; error?: { message?: string; data?: Record<string, unknown> } };

/**
 * A batch refused with 413 sends no answer at all: the calls that fitted before the limit was met are told the batch
 * was too large too (with their own path). Serialising and compressing the megabytes of the answers that fitted, only
 * to refuse the request, was what an attacker's stream of oversized batches cost the server (issue 30).
 *
 * `answers` is tRPC's array of the batch's answers before they are serialised (responseMeta's `data`); it is
 * changed in place, as tRPC serialises that same array next.
 */
export function withholdAnswersOfRefusedBatch(answers: unknown[], paths: readonly string[] | undefined): void {
  const refusal = (answers as Envelope[]).find((answer) => answer.error?.data?.['code'] === 'PAYLOAD_TOO_LARGE');
  if (!refusal?.error) return;
  answers.forEach((answer, index) => {
    if (!(answer as Envelope).result) return;
    const data = { ...refusal.error!.data, path: paths?.[index] };
    answers[index] = { error: { ...refusal.error, message: BATCH_TOO_LARGE, data } };
  });
}
