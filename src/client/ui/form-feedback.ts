import { serverErrorMessage } from './error-message.js';
import { toast } from './toast-store.js';

const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** A destructive toast whose text is the server's message, else the fallback. */
export function toastFailure(title: string, error: unknown, fallback: string = GENERIC_FAILURE): void {
  toast({ title, description: serverErrorMessage(error, fallback), variant: 'destructive' });
}
