import { Link } from '@tanstack/react-router';
import { FlameIcon, SOCIAL_ICONS } from '../ui/icons.js';
import classes from './layout.module.css';
import { useFediverseHandle } from './fediverse-handle.js';
import { useSiteSettings } from './site-settings.js';
import type { MenuLink } from '../../domain/navigation.js';
import { MenuAnchor } from './SiteNav.js';

/** Social links, the fediverse account, quick links, the series name, copyright, and two inert legal links. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const site = useSiteSettings();
  const handle = useFediverseHandle();
  const links = site.menus.footer;
  // The footer's menu (Settings → Site) in two columns, the first the longer.
  const half = Math.ceil(links.length / 2);
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <div className={classes.footerBrand}>
          <p className={classes.footerSeries}>
            <FlameIcon size={20} className={classes.brandIcon} />
            {site.seo.title}
          </p>
          {site.footerText && <p className={classes.footerTagline}>{site.footerText}</p>}
          <p className={classes.footerFediverse}>
            On the fediverse:{' '}
            <Link to="/about" hash="follow" className={classes.footerLink}>
              {handle}
            </Link>
          </p>
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

        {links.length > 0 && (
          <nav aria-label="Quick links" className={classes.footerLinks}>
            <FooterLinkColumn title="Explore" links={links.slice(0, half)} />
            {links.length > 1 && <FooterLinkColumn title="Connect" links={links.slice(half)} />}
          </nav>
        )}
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

function FooterLinkColumn({ title, links }: { title: string; links: readonly MenuLink[] }) {
  return (
    <div>
      <h2 className={classes.footerHeading}>{title}</h2>
      <ul className={classes.footerList}>
        {links.map((link) => (
          <li key={`${link.href} ${link.label}`}>
            <MenuAnchor link={link} className={classes.footerLink} />
          </li>
        ))}
      </ul>
    </div>
  );
}
