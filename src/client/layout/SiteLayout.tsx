import type { ReactNode } from 'react';
import { AnnouncementBar } from './AnnouncementBar.js';
import classes from './layout.module.css';
import { SiteFooter } from './SiteFooter.js';
import { SiteNav } from './SiteNav.js';

/** The page shell around every public page: announcement bar, sticky navigation, footer. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <AnnouncementBar />
      <SiteNav />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
