import { Button, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AUTHOR_BIO, AUTHOR_NAME, SERIES_NAME } from '../content/site.js';
import { MailIcon } from '../ui/icons.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './AboutPage.module.css';
import { noPrefetch, type PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = noPrefetch;

export default function AboutPage() {
  return (
    <div className={`${ui.container} ${classes.about}`}>
      <div className={classes.portraitWrap}>
        <ResponsiveImage
          className={classes.portrait}
          src={AUTHOR_BIO.portrait}
          alt={AUTHOR_BIO.portraitAlt}
          sizes="(max-width: 47.99em) 100vw, 24rem"
          width={800}
          height={1000}
          priority
        />
      </div>
      <div className={classes.text}>
        <p className={ui.eyebrow}>About the Author</p>
        <Title order={1} className={classes.name}>
          {AUTHOR_NAME}
        </Title>
        <p className={classes.role}>Author of {SERIES_NAME}</p>
        <div className={ui.rule} aria-hidden="true" />
        {AUTHOR_BIO.paragraphs.map((paragraph, index) => (
          <p key={index} className={index === 0 ? `${classes.paragraph} ${classes.first}` : classes.paragraph}>
            {paragraph}
          </p>
        ))}
        <Button
          component={Link}
          to="/contact"
          size="md"
          leftSection={<MailIcon size={18} />}
          className={classes.contact}
        >
          Contact / Press
        </Button>
      </div>
    </div>
  );
}
