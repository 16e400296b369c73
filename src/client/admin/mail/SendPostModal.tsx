import { Modal } from '@mantine/core';
import { useState } from 'react';
import type { BlogPost } from '../../../domain/blog.schema.js';
import { plainTextToMarkdown } from '../../../domain/content-format.js';
import { postIssueMarkdown } from '../../../domain/newsletter-issues.js';
import { IssueComposer } from './IssueComposer.js';
import { SendProgress } from './SendProgress.js';

/**
 * "Publish and send to subscribers": the post just published (or scheduled: the issue then goes out with it), as a
 * new issue in the Mail tab's own composer
 * (preview, test send, "Send to N subscribers" with its confirmation), then the send's progress. The issue links
 * the post; it stays in the Mail tab like any other.
 */
export function SendPostModal({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  const [sent, setSent] = useState<{ issueId: string; subject: string } | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  const content = post && (post.contentFormat === 'plain' ? plainTextToMarkdown(post.content) : post.content);
  return (
    <Modal
      opened={post !== null}
      onClose={close}
      title={post ? `Send “${post.title}” to subscribers` : ''}
      size="90rem"
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {post &&
        (sent ? (
          <SendProgress issueId={sent.issueId} subject={sent.subject} />
        ) : (
          <IssueComposer
            key={post.id}
            issue={null}
            postId={post.id}
            postScheduledFor={post.status === 'scheduled' ? post.publishedAt : null}
            title="The email"
            initial={{
              subject: post.title,
              preheader: post.summary.slice(0, 200),
              body: postIssueMarkdown({ ...post, content: content ?? '' }),
            }}
            onSaved={() => undefined}
            onSent={(issueId, subject) => setSent({ issueId, subject })}
            onClose={close}
          />
        ))}
    </Modal>
  );
}
