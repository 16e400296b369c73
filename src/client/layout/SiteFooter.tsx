import { Link } from '@tanstack/react-router';
import { FlameIcon, SOCIAL_ICONS } from '../ui/icons.js';
import classes from './layout.module.css';
import { useSiteSettings } from './site-settings.js';

const EXPLORE_LINKS = [
  { to: '/books', label: 'Books' },
  { to: '/excerpts', label: 'Excerpts' },
  { to: '/art-music', label: 'Art & Music' },
  { to: '/preorder', label: 'Preorder' },
] as const;

const CONNECT_LINKS = [
  { to: '/blog', label: 'Blog & News' },
  { to: '/about', label: 'About the Author' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Social links, quick links, the series name, copyright, and two inert legal links. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const site = useSiteSettings();
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <div className={classes.footerBrand}>
          <p className={classes.footerSeries}>
            <FlameIcon size={20} className={classes.brandIcon} />
            {site.seo.title}
          </p>
          {site.footerText && <p className={classes.footerTagline}>{site.footerText}</p>}
          {site.social.length > 0 && (
            <ul className={classes.socialList} aria-label="Social media">
              {site.social.map((social) => {
                const Icon = SOCIAL_ICONS[social.network];
                return (
                  <li key={`${social.network} ${social.url}`}>
                    <a
                      href={social.url}
                      className={classes.socialLink}
                      aria-label={social.network}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Icon size={20} />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>

        <nav aria-label="Quick links" className={classes.footerLinks}>
          <FooterLinkColumn title="Explore" links={EXPLORE_LINKS} />
          <FooterLinkColumn title="Connect" links={CONNECT_LINKS} />
        </nav>
      </div>

      <div className={classes.footerBottom}>
        <p className={classes.copyright}>
          © {year} {site.about.authorName}. All rights reserved.
        </p>
        <div className={classes.legal}>
          {/* The legal pages do not exist yet: both links do nothing. */}
          <button type="button" className={classes.legalLink}>
            Privacy Policy
          </button>
          <span aria-hidden="true" className={classes.legalDivider}>
            ·
          </span>
          <button type="button" className={classes.legalLink}>
            Terms
          </button>
        </div>
      </div>
    </footer>
  );
}

function FooterLinkColumn({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className={classes.footerHeading}>{title}</h2>
      <ul className={classes.footerList}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={classes.footerLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
