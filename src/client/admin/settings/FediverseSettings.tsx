import { Switch, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fediverseHandle } from '../../../domain/fediverse-follow.js';
import { MAX_FEDIVERSE_ALIASES, type SiteSettings } from '../../../domain/site-settings.js';
import { FediverseMove } from './FediverseMove.js';

/**
 * Settings → Site → Fediverse: the account's handle (readers follow `@handle@<this site's host>` from Mastodon) and
 * whether follows wait for the author's approval, whether new excerpts are shared, the old accounts this one moved from,
 * and the move of this account to a new one.
 */
export function FediverseSettings({ form }: { form: UseFormReturnType<SiteSettings> }) {
  const { handle } = form.getValues().fediverse;
  return (
    <>
      <TextInput
        label="Handle"
        withAsterisk
        description="Letters, digits and underscores. Your followers stay if you change it, but the old handle stops finding you."
        maxLength={30}
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('fediverse.handle')}
      />
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Readers follow {fediverseHandle(handle || 'handle', window.location.origin)} (shown in the footer and on the
        About page).
      </Text>
      <Switch
        label="Hold new followers for my approval"
        description="Off: a follow is accepted at once. On: it waits in Comments → Follow requests."
        {...form.getInputProps('fediverse.holdFollows', { type: 'checkbox' })}
      />
      <Switch
        label="Share new excerpts on the fediverse"
        description="On: each excerpt you add goes to your followers like a post (edits and deletions follow), with its spoiler level and book as a content warning. Excerpts added while it was off are not sent."
        {...form.getInputProps('fediverse.shareExcerpts', { type: 'checkbox' })}
      />
      <TagsInput
        label="Old accounts (moving here)"
        description={`The address of each account you are moving from (like https://mastodon.example/users/me), at most ${MAX_FEDIVERSE_ALIASES}. Save, then start the move on the old account: its followers come here.`}
        maxTags={MAX_FEDIVERSE_ALIASES}
        splitChars={[',', ' ']}
        {...form.getInputProps('fediverse.aliases')}
      />
      <FediverseMove />
    </>
  );
}
