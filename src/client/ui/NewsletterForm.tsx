import { Button, Checkbox, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { withExclusiveInterests } from '../../domain/exclusive-interests.js';
import { newsletterPostAction, type NewsletterFormPage } from '../../domain/form-posts.js';
import type { NewsletterInput } from '../../domain/submissions.schema.js';
import { trpc } from '../trpc.js';
import { toastFailure } from './form-feedback.js';
import { useFormOutcome, useWasSent } from './form-outcome.js';
import { FormNotice } from './FormNotice.js';
import { Honeypot } from './Honeypot.js';
import { MailIcon } from './icons.js';
import { toast } from './toast-store.js';
import classes from './ui.module.css';
import { useSchemaForm } from './use-schema-form.js';
import { useSignupChallenge } from './use-signup-challenge.js';

type Props = {
  /** The success toast's welcome text (the home and contact pages word it differently). */
  successText: string;
  /** The page showing the form: a post made before the script runs is answered with it. */
  page: NewsletterFormPage;
  /** Name of the email field for assistive technology. */
  label?: string;
  layout?: 'inline' | 'stacked';
};

/**
 * Newsletter signup: email (required, type email), a honeypot, and the Subscribe button. Every
 * signup waits for its confirmation link, so the answer says so; "Successfully subscribed!" is
 * said once it is true, on the confirmation page.
 */
const SENT_TITLE = 'Check your email to confirm';
const FAILURE_TITLE = 'Subscription failed';

export function NewsletterForm({ successText, page, label = 'Email address', layout = 'inline' }: Props) {
  const sent = useWasSent('newsletter');
  // Like the site's settings (useSiteSettings), the options that came with the page are current.
  const options = trpc.newsletter.signupOptions.useQuery();
  const [interests, setInterests] = useState<string[]>([]);
  const challenge = useSignupChallenge();
  const [solving, setSolving] = useState(false);
  const form = useSchemaForm<Omit<NewsletterInput, 'interests' | 'challenge'>>({
    initialValues: { email: '', website: '' },
    schema: () => import('../../domain/submissions.schema.js').then((module) => module.newsletterInputSchema),
    action: newsletterPostAction(page),
    outcome: useFormOutcome('newsletter'),
  });
  const subscribe = trpc.newsletter.subscribe.useMutation({
    onSuccess: () => {
      toast({ title: SENT_TITLE, description: successText });
      form.reset();
      setInterests([]);
    },
    onError: (error) => toastFailure(FAILURE_TITLE, error),
  });

  const formProps = form.getFormProps((values) => {
    setSolving(true);
    void challenge
      .take()
      .then((solution) => {
        const input = interests.length > 0 ? { ...values, page, interests } : { ...values, page };
        subscribe.mutate(solution ? { ...input, challenge: solution } : input);
      })
      .finally(() => setSolving(false));
  });
  const busy = solving || subscribe.isPending;

  return (
    <div className={classes.newsletterBlock}>
      {sent && (
        <FormNotice variant="success" title={SENT_TITLE}>
          {successText}
        </FormNotice>
      )}
      {options.data?.gift && (
        <p className={classes.newsletterGift}>
          <strong>Free for subscribers: {options.data.gift.title}.</strong> {options.data.gift.description}
        </p>
      )}
      {form.failure && (
        <FormNotice variant="error" title={FAILURE_TITLE}>
          {form.failure}
        </FormNotice>
      )}
      <form
        className={classes.newsletterForm}
        data-layout={layout}
        {...formProps}
        onFocus={() => {
          formProps.onFocus();
          void challenge.start();
        }}
      >
        <TextInput
          type="email"
          required
          withAsterisk={false}
          autoComplete="email"
          label={label}
          labelProps={{ className: layout === 'inline' ? 'visually-hidden' : undefined }}
          placeholder="you@example.com"
          leftSection={<MailIcon size={18} />}
          className={classes.newsletterInput}
          {...form.getInputProps('email')}
        />
        <Honeypot value={form.values.website} onChange={(value) => form.setFieldValue('website', value)} />
        <Button type="submit" size="md" disabled={busy} className={classes.newsletterButton}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </Button>
        {options.data && options.data.interests.length > 0 && (
          <Checkbox.Group
            className={classes.newsletterInterests}
            label="What would you like to hear about? (optional)"
            value={interests}
            onChange={(next) => setInterests(withExclusiveInterests(next, interests))}
          >
            <div className={classes.newsletterInterestList}>
              {options.data.interests.map((choice) => (
                <Checkbox key={choice.value} name="interests" value={choice.value} label={choice.label} />
              ))}
            </div>
          </Checkbox.Group>
        )}
      </form>
      <p className={classes.newsletterArchiveLink}>
        <Link to="/newsletter/archive">Read past letters in the newsletter archive</Link>
      </p>
    </div>
  );
}
