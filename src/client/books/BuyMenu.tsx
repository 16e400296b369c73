import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { buyButtonFor } from '../../domain/books.js';
import type { RouterOutputs } from '../trpc.js';
import { useHydrated } from '../ui/form-outcome.js';
import { EDITIONS_ANCHOR, shopGroups, type ShopGroup } from './book-links.js';
import classes from './BuyMenu.module.css';
import { ShopIcon } from './ShopIcon.js';

type Book = RouterOutputs['books']['list'][number];

type ShopMenuProps = { label: string; groups: ShopGroup[]; variant: 'filled' | 'outline'; slug: string };

/**
 * A button opening the shops, grouped by format; arrow keys move between them, Escape closes.
 * Until the script runs it is a link to the book's editions, whose shop links work without it.
 */
function ShopMenu({ label, groups, variant, slug }: ShopMenuProps) {
  const hydrated = useHydrated();
  const className = variant === 'filled' ? classes.buy : classes.secondary;
  const color = variant === 'filled' ? undefined : 'gray';
  if (!hydrated)
    return (
      <Button
        renderRoot={(props) => <Link {...props} to="/books/$slug" params={{ slug }} hash={EDITIONS_ANCHOR} />}
        className={className}
        variant={variant}
        color={color}
        fullWidth
      >
        {label}
      </Button>
    );
  return (
    // Opens downward (a long list scrolls inside) so its first shops are never above the screen.
    <Menu position="bottom-start" width="target" shadow="md" middlewares={{ flip: false, shift: true }}>
      <Menu.Target>
        <Button className={className} variant={variant} color={color} fullWidth>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown className={classes.dropdown}>
        {groups.map((group) => (
          <div key={group.heading} role="group" aria-label={group.heading}>
            <Menu.Label className={classes.heading}>{group.heading}</Menu.Label>
            {group.links.map((link) => (
              <Menu.Item
                key={link.url}
                component="a"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.item}
                leftSection={<ShopIcon url={link.url} />}
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

/**
 * The buy control of a book, by its status: coming soon shows the price, disabled; published
 * opens a menu of shops (or the preorder form when there are none); preorder keeps the preorder
 * form, with the shops' preorder links in a menu beside it.
 */
export function BuyActions({ book }: { book: Book }) {
  const buy = buyButtonFor(book.status, book.price);
  const groups = shopGroups(book);
  if (buy.disabled)
    return (
      <Button disabled className={classes.buy} fullWidth>
        {buy.label}
      </Button>
    );
  const preorderForm = (
    <Button
      renderRoot={(props) => <Link {...props} to="/preorder" search={{ book: book.slug }} />}
      className={classes.buy}
      fullWidth
    >
      {buy.label}
    </Button>
  );
  if (book.status === 'published')
    return groups.length > 0 ? (
      <ShopMenu label={buy.label} groups={groups} variant="filled" slug={book.slug} />
    ) : (
      preorderForm
    );
  return (
    <>
      {preorderForm}
      {groups.length > 0 && (
        <ShopMenu label="Preorder from a shop" groups={groups} variant="outline" slug={book.slug} />
      )}
    </>
  );
}
