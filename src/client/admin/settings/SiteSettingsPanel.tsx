import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { siteSettingsUpdateSchema, type SiteSettings } from '../../../domain/site-settings.js';
import { trpc, type RouterOutputs } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { LoadError } from '../ui/ListStates.js';
import { FediverseSettings } from './FediverseSettings.js';
import { NavigationEditor } from './NavigationEditor.js';
import {
  AboutSection,
  AnnouncementSection,
  FooterSection,
  HeroSection,
  Section,
  SeoSection,
  SocialLinksSection,
} from './site-settings-sections.js';
import classes from './SiteSettingsPanel.module.css';

type Values = SiteSettings;

/** The stored settings alone (the public read adds the rendered bio and image variants). */
function formValues(settings: RouterOutputs['site']['settings']): Values {
  const { image: _heroImage, ...hero } = settings.hero;
  const { image: _portraitImage, bioHtml: _bioHtml, ...about } = settings.about;
  const { menus: _menus, ...stored } = settings;
  return { ...stored, hero, about };
}

/** Settings → Site: the site's own words, each group with a preview as readers will see it. */
export function SiteSettingsPanel() {
  const settings = trpc.site.settings.useQuery();
  return (
    <AdminPanel
      id="site-settings"
      title="Site"
      description="The words around your content: announcement bar, home page, About page, social links, menus, footer, the fediverse account, and how search engines name the site."
    >
      {settings.isPending ? (
        <Skeleton height={240} aria-label="Loading the site settings" />
      ) : settings.isError ? (
        <LoadError
          title="Could not load the site settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SiteSettingsForm initial={formValues(settings.data)} />
      )}
    </AdminPanel>
  );
}

function SiteSettingsForm({ initial }: { initial: Values }) {
  const utils = trpc.useUtils();
  const update = trpc.site.update.useMutation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodValidate(siteSettingsUpdateSchema, (values: Values) => values),
  });

  async function save(data: Values) {
    try {
      const saved = await update.mutateAsync(data);
      form.setInitialValues(saved);
      form.resetDirty(saved);
      await utils.site.settings.invalidate();
      toast({ title: 'Settings saved', description: 'The site shows the new words now.' });
    } catch (error) {
      toastFailure('Not saved', error, 'Please check the fields and try again.');
    }
  }

  return (
    <form noValidate onSubmit={form.onSubmit((data) => void save(data))} aria-label="Site settings">
      <Stack gap="xl">
        <AnnouncementSection form={form} />

        <HeroSection form={form} />

        <AboutSection form={form} />

        <SocialLinksSection form={form} />

        <Section title="Navigation">
          <NavigationEditor form={form} />
        </Section>

        <FooterSection form={form} />

        <Section title="Fediverse">
          <FediverseSettings form={form} />
        </Section>

        <SeoSection form={form} />

        <Group justify="flex-end" className={classes.actions}>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save site settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
