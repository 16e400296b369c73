import { Button, Textarea, TextInput, Title } from '@mantine/core';
import { FORM_POST_PATHS } from '../../domain/form-posts.js';
import { CONTACT_MESSAGE_ROWS } from '../../domain/submissions.js';
import type { ContactInput } from '../../domain/submissions.schema.js';
import { NEWSLETTER_COPY } from '../content/site.js';
import { useSiteSettings } from '../layout/site-settings.js';
import { trpc } from '../trpc.js';
import { toastFailure } from '../ui/form-feedback.js';
import { useFormOutcome, useWasSent } from '../ui/form-outcome.js';
import { FormNotice } from '../ui/FormNotice.js';
import { Honeypot } from '../ui/Honeypot.js';
import { SOCIAL_ICONS } from '../ui/icons.js';
import { NEWSLETTER_SECTION_ID } from '../ui/newsletter.js';
import { NewsletterForm } from '../ui/NewsletterForm.js';
import { PageHeader } from '../ui/PageHeader.js';
import { toast } from '../ui/toast-store.js';
import ui from '../ui/ui.module.css';
import { useSchemaForm } from '../ui/use-schema-form.js';
import classes from './ContactPage.module.css';
import { noPrefetch, type PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = noPrefetch;

export default function ContactPage() {
  return (
    <>
      <PageHeader
        eyebrow={`Write to ${useSiteSettings().about.authorName}`}
        title="Contact & Subscribe"
        lede="Questions about the books, press and event requests, or simply a word about what the story meant to you: every message is read."
      />
      <div className={`${ui.container} ${classes.layout}`}>
        <ContactForm />
        <div className={classes.side}>
          <section id={NEWSLETTER_SECTION_ID} className={ui.formCard} aria-labelledby="contact-newsletter-title">
            <Title order={2} id="contact-newsletter-title" className={classes.cardTitle}>
              {NEWSLETTER_COPY.contact.title}
            </Title>
            <p className={classes.cardText}>{NEWSLETTER_COPY.contact.promise}</p>
            <NewsletterForm successText={NEWSLETTER_COPY.contact.successText} page="/contact" layout="stacked" />
          </section>
          <SocialLinks />
        </div>
      </div>
    </>
  );
}

const SENT_TITLE = 'Message sent successfully!';
const SENT_TEXT = "Thank you for reaching out. I'll get back to you soon.";
const FAILURE_TITLE = 'Failed to send message';

function ContactForm() {
  const sent = useWasSent('contact');
  const form = useSchemaForm<ContactInput>({
    initialValues: { name: '', email: '', message: '', website: '' },
    schema: () => import('../../domain/submissions.schema.js').then((module) => module.contactInputSchema),
    action: FORM_POST_PATHS.contact,
    outcome: useFormOutcome('contact'),
  });
  const send = trpc.contact.send.useMutation({
    onSuccess: () => {
      toast({ title: SENT_TITLE, description: SENT_TEXT });
      form.reset();
    },
    onError: (error) => toastFailure(FAILURE_TITLE, error),
  });

  return (
    <section className={ui.formCard} aria-labelledby="contact-form-title">
      <Title order={2} id="contact-form-title" className={classes.cardTitle}>
        Send a Message
      </Title>
      <p className={classes.cardText}>All fields are required.</p>
      <form className={ui.formStack} {...form.getFormProps((values) => send.mutate(values))}>
        {sent && (
          <FormNotice variant="success" title={SENT_TITLE}>
            {SENT_TEXT}
          </FormNotice>
        )}
        {form.failure && (
          <FormNotice variant="error" title={FAILURE_TITLE}>
            {form.failure}
          </FormNotice>
        )}
        <div className={ui.formRow}>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
        </div>
        <Textarea label="Message" required rows={CONTACT_MESSAGE_ROWS} {...form.getInputProps('message')} />
        <Honeypot value={form.values.website} onChange={(value) => form.setFieldValue('website', value)} />
        <Button type="submit" size="md" disabled={send.isPending} className={classes.submit}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </section>
  );
}

function SocialLinks() {
  const { social } = useSiteSettings();
  if (social.length === 0) return null;
  return (
    <section className={ui.formCard} aria-labelledby="social-title">
      <Title order={2} id="social-title" className={classes.cardTitle}>
        Follow Along
      </Title>
      <ul className={classes.socialList}>
        {social.map((link) => {
          const Icon = SOCIAL_ICONS[link.network];
          // Instagram opens in the same tab; the others in a new one.
          const newTab = link.network === 'Instagram' ? {} : { target: '_blank', rel: 'noopener noreferrer' };
          return (
            <li key={`${link.network} ${link.url}`}>
              <a href={link.url} className={classes.socialLink} aria-label={link.network} {...newTab}>
                <span className={classes.socialIcon}>
                  <Icon size={20} />
                </span>
                <span className={classes.socialText}>
                  <span className={classes.socialName}>{link.network}</span>
                  {link.handle && <span className={classes.socialHandle}>{link.handle}</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
