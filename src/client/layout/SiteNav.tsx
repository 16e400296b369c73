import { Burger, Button } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useSiteSettings } from './site-settings.js';
import { SEARCH_PATH } from '../../domain/search.js';
import { SearchForm } from '../search/SearchForm.js';
import { FlameIcon, SearchIcon } from '../ui/icons.js';
import { useGoToNewsletter } from '../ui/newsletter.js';
import classes from './layout.module.css';
import { NAV_LINKS } from './nav-links.js';

/** Sticky navigation; under 768 px the links move into a menu opened by the burger button. */
export function SiteNav() {
  const siteTitle = useSiteSettings().seo.title;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const goToNewsletter = useGoToNewsletter();

  // A new page closes the menu.
  useEffect(() => setMenuOpen(false), [pathname]);

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

  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Link to="/" className={classes.brand} aria-label={siteTitle}>
          <FlameIcon size={22} className={classes.brandIcon} />
          <span className={classes.brandText}>{siteTitle}</span>
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          <ul className={classes.navList}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={classes.navLink} activeOptions={{ exact: link.to === '/' }}>
                  {link.label}
                </Link>
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

        <Burger
          className={classes.burger}
          opened={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          size="sm"
          color="var(--site-text)"
        />
      </div>

      <div id={menuId} className={classes.mobileMenu} hidden={!menuOpen} data-open={menuOpen || undefined}>
        <SearchForm variant="menu" onSearch={() => setMenuOpen(false)} />
        <nav aria-label="Mobile">
          <ul className={classes.mobileList}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={classes.mobileLink}
                  activeOptions={{ exact: link.to === '/' }}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Button fullWidth size="md" onClick={subscribe} className={classes.mobileSubscribe}>
          Subscribe
        </Button>
      </div>
    </header>
  );
}
