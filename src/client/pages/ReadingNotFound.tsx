import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from '../ui/icons.js';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';

type ReadingNotFoundProps = {
  title: string;
  text: string;
  /** The list the reader goes back to. */
  back: { to: '/blog' | '/excerpts' | '/books' | '/newsletter/archive'; label: string };
};

/** A detail page (book, excerpt or blog post) whose item does not exist: the message and a way back to its list. */
export function ReadingNotFound({ title, text, back }: ReadingNotFoundProps) {
  return (
    <div className={`${ui.narrow} ${ui.notFound}`}>
      <StateMessage title={title} text={text} level={1}>
        <Button component={Link} to={back.to} leftSection={<ArrowLeftIcon size={16} />}>
          {back.label}
        </Button>
      </StateMessage>
    </div>
  );
}
