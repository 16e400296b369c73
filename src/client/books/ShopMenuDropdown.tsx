import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { shopLinkPath } from '../../domain/analytics-paths.js';
import classes from './BuyMenu.module.css';
import type { ShopMenuProps } from './BuyMenu.js';
import { directLabel } from './book-links.js';
import { DIRECT_COPY_PROMISE } from '../../domain/sales.js';
import { ShopIcon } from './ShopIcon.js';

/**
 * The shops menu itself (Mantine's Menu and its positioning code), loaded the first time a buy
 * button is pointed at, focused or pressed. It mounts open when that press loaded it; focus goes
 * to the first shop on every opening, arrow keys move, Escape closes and returns to the button.
 */
export function ShopMenuDropdown({
  label,
  groups,
  className,
  variant,
  color,
  openOnMount,
  shopTag,
  direct,
}: ShopMenuProps) {
  const [opened, setOpened] = useState(openOnMount);
  const target = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);

  // Each opening puts focus on the first shop, once the dropdown can take it (it may still be
  // hidden for a frame or two while it is positioned).
  useEffect(() => {
    if (!opened) return undefined;
    let frame = 0;
    let tries = 0;
    const focusFirstShop = () => {
      const first = dropdown.current?.querySelector<HTMLElement>('[data-menu-item]');
      first?.focus();
      if ((!first || document.activeElement !== first) && tries++ < 60) frame = requestAnimationFrame(focusFirstShop);
    };
    frame = requestAnimationFrame(focusFirstShop);
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  // A link's place among the book's links, as the groups list them (the book's own, then each edition's).
  const places = new Map(groups.flatMap((group) => group.links).map((link, index) => [link, index]));
  const indexOf = (link: ShopMenuProps['groups'][number]['links'][number]) => places.get(link) ?? 0;

  const close = () => {
    setOpened(false);
    // The button that opened it first was replaced by this one, so Mantine has no element to
    // return focus to: a focus left in the closing menu (or nowhere) goes back to the button.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="menu"]')) target.current?.focus();
  };
  return (
    // Opens downward (a long list scrolls inside) so its first shops are never above the screen.
    <Menu
      opened={opened}
      onChange={(open) => (open ? setOpened(true) : close())}
      position="bottom-start"
      width="target"
      shadow="md"
      middlewares={{ flip: false, shift: true }}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button ref={target} className={className} variant={variant} color={color} fullWidth>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown ref={dropdown} className={classes.dropdown}>
        {direct.length > 0 && (
          <div role="group" aria-label="Buy direct from the author">
            <Menu.Label className={classes.heading}>Direct from the author</Menu.Label>
            {direct.map((sale, index) => (
              <Menu.Item
                key={sale.id}
                component="a"
                href={sale.checkoutUrl}
                rel="noopener"
                className={classes.item}
                data-autofocus={index === 0 ? true : undefined}
              >
                {directLabel(sale)} <small className={classes.directNote}>({DIRECT_COPY_PROMISE[sale.format]})</small>
              </Menu.Item>
            ))}
          </div>
        )}
        {groups.map((group, groupIndex) => (
          <div key={group.heading} role="group" aria-label={group.heading}>
            <Menu.Label className={classes.heading}>{group.heading}</Menu.Label>
            {group.links.map((link, linkIndex) => (
              <Menu.Item
                key={link.url}
                component="a"
                href={shopTag === undefined ? link.url : shopLinkPath(shopTag, indexOf(link))}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.item}
                leftSection={<ShopIcon url={link.url} />}
                // Where Mantine's focus trap starts, too.
                data-autofocus={direct.length === 0 && groupIndex === 0 && linkIndex === 0 ? true : undefined}
              >
                {link.label}
                <VisuallyHidden> ({group.heading}, opens in a new tab)</VisuallyHidden>
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
