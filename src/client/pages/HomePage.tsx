import { EDITIONS_ANCHOR } from '../books/book-links.js';
import { Badge, Button, Skeleton, Title, VisuallyHidden } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { HOME_CARDS_INPUT, latestAnnouncements } from '../../domain/blog.js';
import { BOOK_STATUS_LABELS } from '../../domain/books.js';
import { NEWSLETTER_COPY, SERIES_NAME, TESTIMONIALS } from '../content/site.js';
import { useSiteSettings, type PublicSiteSettings } from '../layout/site-settings.js';
import { PostCard } from '../blog/PostCard.js';
import { trpc, type RouterOutputs } from '../trpc.js';
import { ArrowRightIcon } from '../ui/icons.js';
import { NEWSLETTER_SECTION_ID, scrollToNewsletter, useGoToNewsletter } from '../ui/newsletter.js';
import { NewsletterForm } from '../ui/NewsletterForm.js';
import { StateMessage } from '../ui/StateMessage.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './HomePage.module.css';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) =>
  Promise.all([
    utils.books.latest.ensureData().catch(() => undefined),
    utils.blog.cards.ensureData(HOME_CARDS_INPUT).catch(() => undefined),
  ]);

export default function HomePage() {
  const hash = useRouterState({ select: (state) => state.location.hash });
  // While a navigation loads, this page may be drawn as the route's pending view, which the loaded
  // page then replaces: scrolling before that would be undone by the swap.
  const navigationDone = useRouterState({ select: (state) => state.status === 'idle' });
  const latest = trpc.books.latest.useQuery();
  const posts = trpc.blog.cards.useQuery(HOME_CARDS_INPUT);
  const contentSettled = navigationDone && !latest.isPending && !posts.isPending;

  // Arriving at /#newsletter: once the sections above have their final height, show the form.
  useEffect(() => {
    if (hash !== NEWSLETTER_SECTION_ID || !contentSettled) return;
    const section = document.getElementById(NEWSLETTER_SECTION_ID);
    if (section) scrollToNewsletter(section);
  }, [hash, contentSettled]);

  return (
    <>
      <Hero />
      <LatestRelease book={latest.data ?? null} loading={latest.isPending} failed={latest.isError} />
      <LatestAnnouncements posts={posts.data} loading={posts.isPending} />
      <Spotlights />
      <Testimonials />
      <NewsletterSection />
    </>
  );
}

function Hero() {
  return <HeroView hero={useSiteSettings().hero} />;
}

function HeroView({ hero }: { hero: PublicSiteSettings['hero'] }) {
  const goToNewsletter = useGoToNewsletter();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <ResponsiveImage
        className={classes.heroImage}
        src={hero.picture}
        image={hero.image}
        alt=""
        sizes="100vw"
        width={hero.image?.width ?? 1600}
        height={hero.image?.height ?? 900}
        priority
      />
      <div className={classes.heroShade} aria-hidden="true" />
      <div className={`${ui.container} ${classes.heroInner}`}>
        {hero.eyebrow && <p className={ui.eyebrow}>{hero.eyebrow}</p>}
        <Title order={1} id="hero-title" className={classes.heroTitle}>
          {hero.headline}
        </Title>
        <div className={ui.rule} aria-hidden="true" />
        {hero.text && <p className={classes.heroLede}>{hero.text}</p>}
        <div className={classes.heroActions}>
          <Button component={Link} to="/excerpts" size="lg">
            Read an Excerpt
          </Button>
          <Button variant="outline" size="lg" color="gray" className={classes.ghostButton} onClick={goToNewsletter}>
            Subscribe
          </Button>
        </div>
      </div>
    </section>
  );
}

type LatestReleaseProps = {
  book: RouterOutputs['books']['latest'];
  loading: boolean;
  /** The books could not be read: say so, rather than that no book exists yet. */
  failed: boolean;
};

function LatestRelease({ book, loading, failed }: LatestReleaseProps) {
  return (
    <section className={classes.section} aria-labelledby="latest-release-title">
      <div className={`${ui.container} ${classes.release}`}>
        <div className={classes.releaseCoverWrap}>
          {loading ? (
            <Skeleton className={classes.releaseCover} />
          ) : book ? (
            <ResponsiveImage
              className={classes.releaseCover}
              src={book.coverImage}
              image={book.image}
              alt={`Cover of ${book.title}`}
              sizes="(max-width: 47.99em) 15rem, 22rem"
              width={600}
              height={900}
            />
          ) : (
            <div className={`${classes.releaseCover} ${classes.coverPlaceholder}`} aria-hidden="true" />
          )}
        </div>
        <div className={classes.releaseHead}>
          <p className={ui.eyebrow}>{SERIES_NAME}</p>
          <Title order={2} id="latest-release-title" className={ui.sectionTitle}>
            Latest Release
          </Title>
          <div className={ui.rule} aria-hidden="true" />
        </div>
        <div className={classes.releaseText}>
          {loading ? (
            <>
              <Skeleton height={30} width="60%" mb="md" />
              <Skeleton height={16} mb={10} />
              <Skeleton height={16} mb={10} />
              <Skeleton height={16} width="80%" />
            </>
          ) : book ? (
            <>
              <Title order={3} className={classes.releaseTitle}>
                <Link to="/books/$slug" params={{ slug: book.slug }} className={classes.releaseLink}>
                  {book.title}
                </Link>
              </Title>
              <div className={ui.meta}>
                <Badge variant="outline" color="ember" size="lg">
                  {BOOK_STATUS_LABELS[book.status]}
                </Badge>
                {book.price && <span className={classes.price}>{book.price}</span>}
              </div>
              <p className={classes.releaseDescription}>{book.description}</p>
            </>
          ) : failed ? (
            <p className={classes.releaseDescription} role="alert">
              The latest release could not be loaded. Please try again later.
            </p>
          ) : (
            <p className={classes.releaseDescription}>
              The first book of the series is on its way. Subscribe to hear the moment it arrives.
            </p>
          )}
          <div className={classes.releaseActions}>
            <Button component={Link} to="/excerpts" size="md">
              Read More
              {book && <VisuallyHidden>: excerpts from {book.title}</VisuallyHidden>}
            </Button>
            {book?.status === 'published' ? (
              // Out now: bought from its page's shops, no longer preordered.
              <Button
                renderRoot={(props) => (
                  <Link {...props} to="/books/$slug" params={{ slug: book.slug }} hash={EDITIONS_ANCHOR} />
                )}
                size="md"
                variant="outline"
                color="gray"
                className={classes.ghostButton}
              >
                Buy
                <VisuallyHidden>: {book.title}</VisuallyHidden>
              </Button>
            ) : (
              <Button
                renderRoot={(props) => <Link {...props} to="/preorder" search={book ? { book: book.slug } : {}} />}
                size="md"
                variant="outline"
                color="gray"
                className={classes.ghostButton}
              >
                Preorder
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function LatestAnnouncements({
  posts,
  loading,
}: {
  posts: RouterOutputs['blog']['cards'] | undefined;
  loading: boolean;
}) {
  const announcements = posts ? latestAnnouncements(posts.items) : [];
  return (
    <section className={`${classes.section} ${classes.announcements}`} aria-labelledby="announcements-title">
      <div className={ui.container}>
        <div className={ui.sectionHead}>
          <div>
            <p className={ui.eyebrow}>From the Author</p>
            <Title order={2} id="announcements-title" className={ui.sectionTitle}>
              Latest Announcements
            </Title>
          </div>
          <Link to="/blog" className={ui.textLink}>
            All news <ArrowRightIcon size={16} />
          </Link>
        </div>
        {loading ? (
          <div className={classes.postGrid}>
            {[0, 1, 2].map((index) => (
              <div key={index} className={ui.skeletonCard}>
                <Skeleton height={170} radius={0} />
                <div style={{ padding: '1.25rem' }}>
                  <Skeleton height={14} width="40%" mb="md" />
                  <Skeleton height={22} mb="sm" />
                  <Skeleton height={14} mb={8} />
                  <Skeleton height={14} width="70%" />
                </div>
              </div>
            ))}
          </div>
        ) : announcements.length === 0 ? (
          <StateMessage title="No announcements" text="Check back soon for the latest updates and news." level={3} />
        ) : (
          <ul className={classes.postGrid}>
            {announcements.map((post) => (
              <PostCard key={post.id} post={post} headingOrder={3} clampSummary />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

type SpotlightProps = {
  to: '/excerpts' | '/art-music';
  image: string;
  /** Which part of the portrait image stays in view when the frame crops it. */
  objectPosition: string;
  eyebrow: string;
  title: string;
  text: string;
  action: string;
};

/** One of Home's two large links: an image beside a short pitch. */
function Spotlight({ to, image, objectPosition, eyebrow, title, text, action }: SpotlightProps) {
  return (
    <Link to={to} className={classes.spotlight}>
      <span className={classes.spotlightMedia}>
        <ResponsiveImage
          src={image}
          alt=""
          className={classes.spotlightImage}
          style={{ objectPosition }}
          sizes="(max-width: 47.99em) 100vw, 36rem"
          width={800}
          height={1000}
          lazy
        />
      </span>
      <span className={classes.spotlightText}>
        <span className={ui.eyebrow}>{eyebrow}</span>
        <Title order={3} className={classes.spotlightTitle}>
          {title}
        </Title>
        <span className={classes.spotlightBody}>{text}</span>
        <span className={`${ui.textLink} ${classes.spotlightCta}`}>
          {action} <ArrowRightIcon size={16} />
        </span>
      </span>
    </Link>
  );
}

function Spotlights() {
  return (
    <section className={classes.section} aria-label="Spotlight">
      <div className={`${ui.container} ${classes.spotlights}`}>
        <Spotlight
          to="/excerpts"
          image="/demo/art-ember-seat.svg"
          objectPosition="50% 72%"
          eyebrow="Read the opening pages"
          title="Featured Excerpt"
          text="A king is carried down the Long Stair, and the fire that has judged nine hundred years of kings does not answer."
          action="Start reading"
        />
        <Spotlight
          to="/art-music"
          image="/demo/art-vesperhold-at-dusk.svg"
          objectPosition="50% 62%"
          eyebrow="See and hear Aurhald"
          title="Art & Music Gallery"
          text="Official and fan art from the world of the series, and the soundtrack composed to read it by."
          action="Enter the gallery"
        />
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className={classes.section} aria-labelledby="testimonials-title">
      <div className={ui.container}>
        <div className={`${ui.sectionHead} ${classes.centeredHead}`}>
          <div>
            <p className={ui.eyebrow}>Word from the road</p>
            <Title order={2} id="testimonials-title" className={ui.sectionTitle}>
              What Readers Say
            </Title>
          </div>
        </div>
        <ul className={classes.testimonials}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name} className={classes.testimonial}>
              <figure className={classes.testimonialFigure}>
                <span className={classes.quoteMark} aria-hidden="true">
                  “
                </span>
                <blockquote className={classes.quote}>{testimonial.quote}</blockquote>
                <figcaption className={classes.quoteBy}>
                  <span className={classes.quoteName}>{testimonial.name}</span>
                  <span className={classes.quoteRole}>{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function NewsletterSection() {
  const copy = NEWSLETTER_COPY.home;
  return (
    <section
      id={NEWSLETTER_SECTION_ID}
      className={classes.newsletter}
      aria-labelledby="newsletter-title"
      data-full-bleed-end=""
    >
      <div className={classes.newsletterInner}>
        <p className={ui.eyebrow}>{copy.eyebrow}</p>
        <Title order={2} id="newsletter-title" className={ui.sectionTitle}>
          {copy.title}
        </Title>
        <div className={`${ui.rule} ${classes.centerRule}`} aria-hidden="true" />
        <p className={classes.newsletterPromise}>{copy.promise}</p>
        <NewsletterForm successText={copy.successText} page="/" />
      </div>
    </section>
  );
}
