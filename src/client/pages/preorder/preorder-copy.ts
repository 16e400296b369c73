import { PREORDER_FORMAT_LABELS, PREORDER_FORMATS, type PreorderFormat } from '../../../domain/submissions.js';

/** The preorder form's values as typed (the shared schema checks them). */
export type PreorderForm = {
  bookId: string;
  customerName: string;
  customerEmail: string;
  /** Empty until a format is chosen. */
  preferredFormat: PreorderFormat | '';
  phoneNumber: string;
  specialRequests: string;
  website: string;
};

export const EMPTY_PREORDER_FORM: PreorderForm = {
  bookId: '',
  customerName: '',
  customerEmail: '',
  preferredFormat: '',
  phoneNumber: '',
  specialRequests: '',
  website: '',
};

/** `email` is null on the page a post made without the script is redirected to (it stays out of the URL). */
export type PreorderConfirmationFacts = { bookId: string; bookTitle: string; format: string; email: string | null };

export const SENT_TITLE = 'Preorder Submitted!';
export const SENT_TEXT = "Thank you for your preorder. We'll contact you when the book is available.";
export const FAILURE_TITLE = 'Error';

/** The label of a format read back from the URL, which may name none. */
export function formatLabel(format: string): string {
  const known = PREORDER_FORMATS.find((candidate) => candidate === format);
  return known ? PREORDER_FORMAT_LABELS[known] : 'copy';
}
