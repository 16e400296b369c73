import { Text } from '@mantine/core';
import { NavMenu, type NavForm } from './NavMenu.js';
import { useNavTargets } from './use-nav-targets.js';

/**
 * Settings → Site → Navigation: the header's and the footer's menus, in order. Each entry is a built-in page (a
 * page not in a menu is hidden from it), one of the author's pages or a link elsewhere, with its label.
 */
export function NavigationEditor({ form }: { form: NavForm }) {
  const targets = useNavTargets();
  return (
    <>
      <Text size="sm" c="dimmed">
        A blank label shows the page&apos;s own name. A built-in page left out of a menu is hidden from it. A long
        header menu moves into the menu button at every width, so it always fits.
      </Text>
      <NavMenu form={form} name="header" title="Header" targets={targets} />
      <NavMenu form={form} name="footer" title="Footer" targets={targets} />
    </>
  );
}
