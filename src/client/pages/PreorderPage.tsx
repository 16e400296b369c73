import { Button, NativeSelect, Textarea, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { BOOK_STATUS_LABELS } from '../../domain/books.js';
import { PREORDER_FORMAT_LABELS, PREORDER_FORMATS, type PreorderFormat } from '../../domain/submissions.js';
import { SERIES_NAME } from '../content/site.js';
import { trpc } from '../trpc.js';
import { toastFailure } from '../ui/form-feedback.js';
import { Honeypot } from '../ui/Honeypot.js';
import { CheckIcon } from '../ui/icons.js';
import { PageHeader } from '../ui/PageHeader.js';
import { toast } from '../ui/toast-store.js';
import ui from '../ui/ui.module.css';
import { useSchemaForm } from '../ui/use-schema-form.js';
import classes from './PreorderPage.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) => utils.books.list.ensureData().catch(() => undefined);

type PreorderForm = {
  bookId: string;
  customerName: string;
  customerEmail: string;
  /** Empty until a format is chosen. */
  preferredFormat: PreorderFormat | '';
  phoneNumber: string;
  specialRequests: string;
  website: string;
};

const EMPTY_FORM: PreorderForm = {
  bookId: '',
  customerName: '',
  customerEmail: '',
  preferredFormat: '',
  phoneNumber: '',
  specialRequests: '',
  website: '',
};

type Confirmation = { bookId: string; bookTitle: string; format: PreorderFormat; email: string };

export default function PreorderPage() {
  const books = trpc.books.list.useQuery();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const confirmationRef = useRef<HTMLElement>(null);
  const form = useSchemaForm<PreorderForm>({
    initialValues: EMPTY_FORM,
    schema: () => import('../../domain/submissions.schema.js').then((module) => module.preorderInputSchema),
    // The shared schema's checks, with friendlier words for the two choices.
    errorMessages: { bookId: 'Please choose a book', preferredFormat: 'Please choose a format' },
  });

  const create = trpc.preorders.create.useMutation({
    onSuccess: (_result, input) => {
      toast({
        title: 'Preorder Submitted!',
        description: "Thank you for your preorder. We'll contact you when the book is available.",
      });
      const book = books.data?.find((candidate) => candidate.id === input.bookId);
      setConfirmation({
        bookId: input.bookId,
        bookTitle: book?.title ?? 'your book',
        format: input.preferredFormat,
        email: input.customerEmail,
      });
      form.reset();
    },
    onError: (error) => toastFailure('Error', error, 'Failed to submit preorder. Please try again.'),
  });

  const formProps = form.getFormProps((values) =>
    create.mutate({
      bookId: values.bookId,
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      // The schema has just refused an empty format.
      preferredFormat: values.preferredFormat as PreorderFormat,
      phoneNumber: values.phoneNumber,
      specialRequests: values.specialRequests,
      website: values.website,
    }),
  );

  // The confirmation replaces the taller form: bring it into view and give it focus.
  useEffect(() => {
    if (!confirmation || !confirmationRef.current) return;
    confirmationRef.current.focus({ preventScroll: true });
    confirmationRef.current.scrollIntoView({ block: 'center' });
  }, [confirmation]);

  const bookList = books.data ?? [];
  const bookPlaceholder = books.isPending
    ? 'Loading books...'
    : bookList.length === 0
      ? 'No books available'
      : 'Select a book';
  const selected = bookList.find((book) => book.id === (confirmation?.bookId ?? form.values.bookId));
  const featured = selected ?? bookList.find((book) => book.status === 'preorder') ?? bookList[0];

  return (
    <>
      <PageHeader
        eyebrow={SERIES_NAME}
        title="Preorder"
        lede="Reserve your copy in ebook, paperback or hardcover. Every preorder placed before publication day receives a signed bookplate."
      />
      <div className={`${ui.container} ${classes.layout}`}>
        {confirmation ? (
          <section
            ref={confirmationRef}
            tabIndex={-1}
            className={`${ui.formCard} ${classes.confirmation}`}
            aria-labelledby="confirmation-title"
          >
            <span className={classes.confirmIcon}>
              <CheckIcon size={30} />
            </span>
            <Title order={2} id="confirmation-title" className={classes.confirmTitle}>
              Preorder Confirmed!
            </Title>
            <p className={classes.confirmText}>
              Your {PREORDER_FORMAT_LABELS[confirmation.format].toLowerCase()} of <em>{confirmation.bookTitle}</em> is
              reserved. We&apos;ll write to <strong>{confirmation.email}</strong> as soon as the book is available.
            </p>
            <div className={classes.confirmActions}>
              <Button size="md" onClick={() => setConfirmation(null)}>
                Submit Another Preorder
              </Button>
              <Button
                component={Link}
                to="/excerpts"
                size="md"
                variant="outline"
                color="gray"
                className={classes.ghost}
              >
                Read an Excerpt
              </Button>
            </div>
          </section>
        ) : (
          <section className={ui.formCard} aria-labelledby="preorder-form-title">
            <Title order={2} id="preorder-form-title" className={classes.formTitle}>
              Your Preorder
            </Title>
            <form className={ui.formStack} {...formProps}>
              <NativeSelect
                label="Book"
                required
                disabled={books.isPending || bookList.length === 0}
                data={[
                  { value: '', label: bookPlaceholder, disabled: true },
                  ...bookList.map((book) => ({
                    value: book.id,
                    label: `${book.title} — ${BOOK_STATUS_LABELS[book.status]}`,
                  })),
                ]}
                {...form.getInputProps('bookId')}
              />
              <NativeSelect
                label="Preferred format"
                required
                data={[
                  { value: '', label: 'Select a format', disabled: true },
                  ...PREORDER_FORMATS.map((format) => ({ value: format, label: PREORDER_FORMAT_LABELS[format] })),
                ]}
                {...form.getInputProps('preferredFormat')}
              />
              <div className={ui.formRow}>
                <TextInput label="Full name" required autoComplete="name" {...form.getInputProps('customerName')} />
                <TextInput
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  {...form.getInputProps('customerEmail')}
                />
              </div>
              <TextInput
                label={
                  <>
                    Phone number <span className={ui.optional}>(optional)</span>
                  </>
                }
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('phoneNumber')}
              />
              <Textarea
                label={
                  <>
                    Special requests <span className={ui.optional}>(optional)</span>
                  </>
                }
                rows={4}
                placeholder="A dedication for the bookplate, delivery notes…"
                {...form.getInputProps('specialRequests')}
              />
              <Honeypot value={form.values.website} onChange={(value) => form.setFieldValue('website', value)} />
              <Button type="submit" size="md" disabled={create.isPending} className={classes.submit}>
                {create.isPending ? 'Sending...' : 'Submit Preorder'}
              </Button>
            </form>
          </section>
        )}

        <aside className={classes.aside} aria-label="Selected book">
          {featured ? (
            <>
              <img
                className={classes.cover}
                src={featured.coverImage}
                alt={`Cover of ${featured.title}`}
                width={600}
                height={900}
              />
              <p className={ui.eyebrow}>{BOOK_STATUS_LABELS[featured.status]}</p>
              <p className={classes.asideTitle}>{featured.title}</p>
              {featured.price && <p className={classes.asidePrice}>{featured.price}</p>}
            </>
          ) : (
            <div className={classes.coverPlaceholder} aria-hidden="true" />
          )}
          <ul className={classes.perks}>
            <li>A signed bookplate with every preorder</li>
            <li>A printed map of the southern marshes</li>
            <li>A note from us the moment it is available</li>
          </ul>
        </aside>
      </div>
    </>
  );
}
