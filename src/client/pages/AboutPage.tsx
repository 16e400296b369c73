import { Button, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useFediverseHandle } from '../layout/fediverse-handle.js';
import { useSiteSettings, type PublicSiteSettings } from '../layout/site-settings.js';
import reading from './reading.module.css';
import { MailIcon } from '../ui/icons.js';
import { FollowFromMastodon } from '../ui/FollowFromMastodon.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './AboutPage.module.css';
import { noPrefetch, type PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = noPrefetch;

export default function AboutPage() {
  return <AboutView about={useSiteSettings().about} handle={useFediverseHandle()} />;
}

function AboutView({ about, handle }: { about: PublicSiteSettings['about']; handle: string }) {
  return (
    <div className={`${ui.container} ${classes.about}`}>
      <div className={classes.portraitWrap}>
        <ResponsiveImage
          className={classes.portrait}
          src={about.portrait}
          image={about.image}
          alt={about.portraitAlt}
          sizes="(max-width: 47.99em) 100vw, 24rem"
          width={about.image?.width ?? 800}
          height={about.image?.height ?? 1000}
          priority
        />
      </div>
      <div className={classes.text}>
        <p className={ui.eyebrow}>About the Author</p>
        <Title order={1} className={classes.name}>
          {about.authorName}
        </Title>
        {about.role && <p className={classes.role}>{about.role}</p>}
        <div className={ui.rule} aria-hidden="true" />
        {/* The server's content renderer: raw HTML in the bio is escaped, links and images are filtered. */}
        <div className={`${reading.prose} ${classes.bio}`} dangerouslySetInnerHTML={{ __html: about.bioHtml }} />
        <Button
          component={Link}
          to="/contact"
          size="md"
          leftSection={<MailIcon size={18} />}
          className={classes.contact}
        >
          Contact / Press
        </Button>
        <FollowFromMastodon handle={handle} />
      </div>
    </div>
  );
}
