import { Burger, Button } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSiteSettings } from './site-settings.js';
import { SEARCH_PATH } from '../../domain/search.js';
// The zod-free module: the header is on every reading page, which load no zod.
import { SITE_TITLE_COMPACT_AFTER } from '../../domain/site-settings-defaults.js';
import { SearchForm } from '../search/SearchForm.js';
import { useHydrated } from '../ui/form-outcome.js';
import { FlameIcon, SearchIcon } from '../ui/icons.js';
import { useGoToNewsletter } from '../ui/newsletter.js';
import classes from './layout.module.css';
import { headerMenuFits, type MenuLink } from '../../domain/navigation.js';

/** The phone menu's id: before the script runs, the burger is a link to it, shown by :target. */
const MENU_ID = 'site-menu';

/**
 * Sticky navigation; under 768 px the links move into a menu opened by the burger button.
 * Before (or without) the script the burger is a link to the menu (`#site-menu`), which CSS
 * shows as the link's target; the script then makes it a real toggle.
 */
export function SiteNav() {
  const hydrated = useHydrated();
  const site = useSiteSettings();
  const siteTitle = site.seo.title;
  const links = site.menus.header;
  // A menu too long for a laptop's header lives in the burger's menu at every width.
  const crowded = !headerMenuFits(links);
  const menu = useSiteMenu();

  return (
    <header className={classes.header} data-crowded={crowded || undefined}>
      <div className={classes.headerInner}>
        <Link
          to="/"
          className={classes.brand}
          aria-label={siteTitle}
          data-long={siteTitle.length > SITE_TITLE_COMPACT_AFTER || undefined}
        >
          <FlameIcon size={22} className={classes.brandIcon} />
          <span className={classes.brandText}>{siteTitle}</span>
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          <ul className={classes.navList}>
            {links.map((link) => (
              <li key={`${link.href} ${link.label}`}>
                <MenuAnchor link={link} className={classes.navLink} />
              </li>
            ))}
          </ul>
        </nav>

        <div className={classes.headerSearch}>
          <SearchForm variant="header" />
        </div>
        {/* Between the mobile menu and a wide screen there is no room for the field: a link to the page. */}
        <Link to={SEARCH_PATH} className={classes.searchLink} aria-label="Search">
          <SearchIcon size={20} />
        </Link>

        <MenuToggle menu={menu} hydrated={hydrated} />
      </div>

      <MobileMenu menu={menu} hydrated={hydrated} links={links} />
    </header>
  );
}

/** The phone menu's state: open or closed, shut by a new page or Escape; Subscribe closes it on its way. */
function useSiteMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const goToNewsletter = useGoToNewsletter();

  // A new page closes the menu; one the burger link opened before the script ran stays open.
  useEffect(() => setMenuOpen(window.location.hash === `#${MENU_ID}`), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const subscribe = () => {
    setMenuOpen(false);
    goToNewsletter();
  };
  return { menuOpen, setMenuOpen, subscribe };
}

type SiteMenu = ReturnType<typeof useSiteMenu>;

/** The burger: a toggle once the script runs, before it a link to the menu (shown by :target). */
function MenuToggle({ menu, hydrated }: { menu: SiteMenu; hydrated: boolean }) {
  const { menuOpen, setMenuOpen } = menu;
  return hydrated ? (
    <Burger
      className={classes.burger}
      opened={menuOpen}
      onClick={() => setMenuOpen((open) => !open)}
      aria-label={menuOpen ? 'Close menu' : 'Open menu'}
      aria-expanded={menuOpen}
      aria-controls={MENU_ID}
      size="sm"
      color="var(--site-text)"
    />
  ) : (
    <a href={`#${MENU_ID}`} className={`${classes.burger} ${classes.burgerLink}`} aria-label="Open menu">
      <span className={classes.burgerBars} aria-hidden="true" />
    </a>
  );
}

/** The phone menu: search, the header's links and Subscribe; every choice closes it. */
function MobileMenu({ menu, hydrated, links }: { menu: SiteMenu; hydrated: boolean; links: MenuLink[] }) {
  const { menuOpen, setMenuOpen, subscribe } = menu;
  return (
    <div
      id={MENU_ID}
      className={classes.mobileMenu}
      hidden={hydrated ? !menuOpen : undefined}
      data-open={menuOpen || undefined}
      data-no-script={hydrated ? undefined : ''}
    >
      <SearchForm variant="menu" onSearch={() => setMenuOpen(false)} />
      <nav aria-label="Mobile">
        <ul className={classes.mobileList}>
          {links.map((link) => (
            <li key={`${link.href} ${link.label}`}>
              <MenuAnchor link={link} className={classes.mobileLink} onClick={() => setMenuOpen(false)} />
            </li>
          ))}
        </ul>
      </nav>
      {hydrated ? (
        <Button fullWidth size="md" onClick={subscribe} className={classes.mobileSubscribe}>
          Subscribe
        </Button>
      ) : (
        <Button component={Link} to="/" hash="newsletter" fullWidth size="md" className={classes.mobileSubscribe}>
          Subscribe
        </Button>
      )}
    </div>
  );
}

/** A menu's link: a page of the site through the router, another site's in a new tab. */
export function MenuAnchor({ link, className, onClick }: { link: MenuLink; className?: string; onClick?: () => void }) {
  if (link.external) {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {link.label}
      </a>
    );
  }
  return (
    <Link to={link.href} className={className} activeOptions={{ exact: link.href === '/' }} onClick={onClick}>
      {link.label}
    </Link>
  );
}
