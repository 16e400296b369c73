import { Skeleton } from '@mantine/core';
import ui from '../ui/ui.module.css';
import reading from './reading.module.css';

/** The loading state of a reading page (excerpt or blog post): header lines, optional cover, paragraphs. */
export function ReadingSkeleton({ label, withCover = false }: { label: string; withCover?: boolean }) {
  return (
    <div className={reading.article} aria-busy="true" aria-label={label}>
      <div className={reading.header}>
        <div className={ui.narrow}>
          <Skeleton height={14} width={140} mb="xl" />
          <Skeleton height={18} width={220} mb="md" />
          <Skeleton height={44} width="75%" mb="lg" />
          <Skeleton height={18} mb={10} />
          <Skeleton height={18} width="60%" />
        </div>
      </div>
      <div className={ui.narrow}>
        {withCover && <Skeleton radius="md" mb="xl" style={{ aspectRatio: '1200 / 630' }} />}
        {[0, 1, 2].map((index) => (
          <div key={index} style={{ marginBottom: '1.75rem' }}>
            <Skeleton height={16} mb={10} />
            <Skeleton height={16} mb={10} />
            <Skeleton height={16} width="70%" />
          </div>
        ))}
      </div>
    </div>
  );
}
