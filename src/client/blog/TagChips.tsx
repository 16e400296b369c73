import { Link } from '@tanstack/react-router';
import type { BlogTagItem } from '../../domain/blog.js';
import classes from './TagChips.module.css';

/**
 * A post's tags as small links to each tag's page (/blog/tag/<slug>): plain links, so they work without the script.
 * Nothing when the post has none.
 */
export function TagChips({ tags, label = 'Tags' }: { tags: readonly BlogTagItem[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={classes.chips} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link to="/blog/tag/$tag" params={{ tag: tag.slug }} className={classes.chip}>
            <span aria-hidden="true">#</span>
            {tag.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
