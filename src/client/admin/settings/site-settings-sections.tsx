import {
  ActionIcon,
  Box,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  MAX_SOCIAL_LINKS,
  SITE_TEXT_LIMITS,
  SITE_TITLE_PHONE_FIT,
  SOCIAL_NETWORKS,
  type SiteSettings,
} from '../../../domain/site-settings.js';
import { AnnouncementView } from '../../layout/AnnouncementBar.js';
import { ResponsiveImage } from '../../ui/ResponsiveImage.js';
import { CloseIcon } from '../../ui/icons.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { ImageField } from '../forms/ImageField.js';
import classes from './SiteSettingsPanel.module.css';

/**
 * The groups of Settings → Site (SiteSettingsPanel.tsx), each a fieldset of the one form with a preview drawn as
 * readers will see it.
 */
type SectionProps = { form: UseFormReturnType<SiteSettings> };
type Values = SiteSettings;

export function AnnouncementSection({ form }: SectionProps) {
  const values = form.getValues();
  return (
    <Section title="Announcement bar">
      <Switch
        size="md"
        label="Show the announcement bar"
        {...form.getInputProps('announcement.enabled', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Label"
          description="Bold, before the text."
          maxLength={SITE_TEXT_LIMITS.label}
          {...form.getInputProps('announcement.label')}
        />
        <TextInput
          label="Link text"
          maxLength={SITE_TEXT_LIMITS.label}
          {...form.getInputProps('announcement.linkText')}
        />
      </SimpleGrid>
      <Textarea
        label="Announcement text"
        autosize
        minRows={2}
        maxLength={SITE_TEXT_LIMITS.announcement}
        {...form.getInputProps('announcement.text')}
      />
      <TextInput
        label="Link"
        description="A page of the site (/preorder) or an https:// address. Blank: the link opens the newsletter form."
        {...form.getInputProps('announcement.linkUrl')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="First day"
          description="Blank: from now on."
          value={values.announcement.startsOn ?? ''}
          error={form.errors['announcement.startsOn']}
          onChange={(event) => form.setFieldValue('announcement.startsOn', event.currentTarget.value || null)}
        />
        <TextInput
          type="date"
          label="Last day"
          description="Blank: until you switch it off."
          value={values.announcement.endsOn ?? ''}
          error={form.errors['announcement.endsOn']}
          onChange={(event) => form.setFieldValue('announcement.endsOn', event.currentTarget.value || null)}
        />
      </SimpleGrid>
      <Preview label="Preview of the announcement bar">
        {values.announcement.enabled && values.announcement.text ? (
          <AnnouncementView bar={values.announcement} onDismiss={() => undefined} onNewsletter={() => undefined} />
        ) : (
          <Text size="sm" c="dimmed" p="sm">
            The bar is hidden.
          </Text>
        )}
      </Preview>
    </Section>
  );
}

export function HeroSection({ form }: SectionProps) {
  const values = form.getValues();
  return (
    <Section title="Home page hero">
      <TextInput
        label="Eyebrow"
        description="The small line above the headline."
        maxLength={SITE_TEXT_LIMITS.label}
        {...form.getInputProps('hero.eyebrow')}
      />
      <TextInput
        label="Headline"
        withAsterisk
        maxLength={SITE_TEXT_LIMITS.headline}
        {...form.getInputProps('hero.headline')}
      />
      <Textarea
        label="Hero text"
        autosize
        minRows={2}
        maxLength={SITE_TEXT_LIMITS.heroText}
        {...form.getInputProps('hero.text')}
      />
      <ImageField label="Hero image" withAsterisk {...form.getInputProps('hero.picture')} />
      <Preview label="Preview of the home page hero">
        <HeroPreview hero={values.hero} />
      </Preview>
    </Section>
  );
}

export function AboutSection({ form }: SectionProps) {
  return (
    <Section title="About page">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Author name"
          withAsterisk
          maxLength={SITE_TEXT_LIMITS.name}
          {...form.getInputProps('about.authorName')}
        />
        <TextInput
          label="Role"
          description="Under the name, e.g. Author of …"
          maxLength={SITE_TEXT_LIMITS.headline}
          {...form.getInputProps('about.role')}
        />
      </SimpleGrid>
      <ImageField label="Portrait" withAsterisk {...form.getInputProps('about.portrait')} />
      <TextInput
        label="Portrait description"
        description="What the portrait shows, for readers who cannot see it."
        maxLength={SITE_TEXT_LIMITS.alt}
        {...form.getInputProps('about.portraitAlt')}
      />
      <MarkdownEditor
        label="Biography"
        description="Markdown. The Preview tab shows it as the About page will."
        {...form.getInputProps('about.bio')}
      />
    </Section>
  );
}

export function SocialLinksSection({ form }: SectionProps) {
  const values = form.getValues();
  return (
    <Section title="Social links">
      {values.social.length === 0 && (
        <Text size="sm" c="dimmed">
          No social links: the footer and the Contact page show none.
        </Text>
      )}
      {values.social.map((_link, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="wrap">
          <Select
            label="Network"
            data={[...SOCIAL_NETWORKS]}
            allowDeselect={false}
            w={{ base: '100%', sm: 150 }}
            {...form.getInputProps(`social.${index}.network`)}
          />
          <TextInput
            label="Address"
            placeholder="https://"
            style={{ flex: '2 1 220px' }}
            {...form.getInputProps(`social.${index}.url`)}
          />
          <TextInput
            label="Handle"
            placeholder="@name"
            style={{ flex: '1 1 140px' }}
            {...form.getInputProps(`social.${index}.handle`)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={26}
            aria-label={`Remove social link ${index + 1}`}
            onClick={() => form.removeListItem('social', index)}
          >
            <CloseIcon size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          disabled={values.social.length >= MAX_SOCIAL_LINKS}
          onClick={() => form.insertListItem('social', { network: 'Instagram', url: '', handle: '' })}
        >
          Add a social link
        </Button>
      </Group>
    </Section>
  );
}

export function FooterSection({ form }: SectionProps) {
  return (
    <Section title="Footer">
      <Textarea
        label="Footer text"
        description="Under the site title, at the foot of every page."
        autosize
        minRows={2}
        maxLength={SITE_TEXT_LIMITS.footer}
        {...form.getInputProps('footerText')}
      />
    </Section>
  );
}

export function SeoSection({ form }: SectionProps) {
  const values = form.getValues();
  return (
    <Section title="Search engines and sharing">
      <TextInput
        label="Site title"
        withAsterisk
        description="The home page's title, and the end of every other page's (Books | <site title>)."
        maxLength={SITE_TEXT_LIMITS.seoTitle}
        {...form.getInputProps('seo.title')}
      />
      {values.seo.title.length > SITE_TITLE_PHONE_FIT && (
        <Text size="sm" c="yellow.3" role="status">
          At {values.seo.title.length} characters the header sets the title on two lines, and on a phone its end is cut
          with &ldquo;…&rdquo; (up to {SITE_TITLE_PHONE_FIT} characters fit whole there). The browser tab and search
          results always show all of it.
        </Text>
      )}
      <Textarea
        label="Site description"
        description="What search engines show under the home page's title."
        autosize
        minRows={2}
        maxLength={SITE_TEXT_LIMITS.seoDescription}
        {...form.getInputProps('seo.description')}
      />
      <Preview label="Preview of a search result">
        <Box p="sm" className={classes.searchResult}>
          <Text className={classes.searchTitle}>{values.seo.title || 'Site title'}</Text>
          <Text size="sm" className={classes.searchText}>
            {values.seo.description || 'No description: search engines pick words from the page.'}
          </Text>
        </Box>
      </Preview>
    </Section>
  );
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" className={classes.section}>
      <Title order={3} size="h4" component="legend" className={classes.legend}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A live preview, drawn with the public site's own components; not interactive (inert). */
function Preview({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <figure className={classes.preview} aria-label={label}>
      <figcaption className={classes.previewCaption}>{label}</figcaption>
      <div inert>{children}</div>
    </figure>
  );
}

/**
 * The hero as the home page lays it out (image, shade, eyebrow, headline, text), drawn here with its own styles:
 * importing the home page's component would move the home page's stylesheet into a chunk it shares with the admin.
 */
function HeroPreview({ hero }: { hero: Values['hero'] }) {
  return (
    <div className={classes.hero}>
      <ResponsiveImage
        className={classes.heroImage}
        src={hero.picture}
        alt=""
        sizes="880px"
        width={1600}
        height={900}
      />
      <div className={classes.heroShade} aria-hidden="true" />
      <div className={classes.heroText}>
        {hero.eyebrow && <p className={classes.heroEyebrow}>{hero.eyebrow}</p>}
        <p role="heading" aria-level={2} className={classes.heroHeadline}>
          {hero.headline || 'Headline'}
        </p>
        {hero.text && <p className={classes.heroLede}>{hero.text}</p>}
      </div>
    </div>
  );
}
