import { Button, TextInput } from '@mantine/core';
import { FOLLOW_PATH } from '../../domain/fediverse-follow.js';
import classes from './FollowFromMastodon.module.css';
import { useSchemaForm } from './use-schema-form.js';

/**
 * "Follow from Mastodon" (the About page): the reader names their own server and goes there to follow the site's
 * account. A plain GET form to /follow, which answers with a redirect to their server (or a page naming what is
 * wrong); with the script, the same schema checks the field first.
 */
export function FollowFromMastodon({ handle }: { handle: string }) {
  const form = useSchemaForm({
    initialValues: { server: '' },
    schema: () => import('../../domain/fediverse-follow.schema.js').then((module) => module.followQuerySchema),
    action: FOLLOW_PATH,
  });
  const formProps = form.getFormProps(({ server }) =>
    window.location.assign(`${FOLLOW_PATH}?${new URLSearchParams({ server })}`),
  );
  return (
    <section id="follow" aria-labelledby="follow-heading" className={classes.follow}>
      <h2 id="follow-heading" className={classes.heading}>
        Follow on the fediverse
      </h2>
      <p className={classes.lead}>
        Follow <strong className={classes.handle}>{handle}</strong> from Mastodon or any other fediverse server: new
        posts arrive in your timeline, and your replies appear under them here as comments once approved.
      </p>
      <form {...formProps} method="get" className={classes.form} aria-label="Follow from Mastodon">
        <TextInput
          label="Your server"
          description="Where your account is, e.g. mastodon.social"
          placeholder="mastodon.social"
          required
          autoCapitalize="none"
          spellCheck={false}
          className={classes.field}
          {...form.getInputProps('server')}
        />
        <Button type="submit" variant="outline" className={classes.button}>
          Follow from Mastodon
        </Button>
      </form>
    </section>
  );
}
