import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { StateMessage } from '../ui/StateMessage.js';
import ui from '../ui/ui.module.css';
import classes from './NotFoundPage.module.css';

/** The fallback for any unknown path. */
export default function NotFoundPage() {
  return (
    <div className={`${ui.narrow} ${classes.wrap}`}>
      <p className={classes.code} aria-hidden="true">
        404
      </p>
      <StateMessage
        title="404 Page Not Found"
        text="This path leads only into the dark. The page you are looking for does not exist, or has been carried down the Long Stair."
        level={1}
      >
        <Button component={Link} to="/">
          Return Home
        </Button>
        <Button component={Link} to="/books" variant="outline" color="gray" className={classes.ghost}>
          View the Books
        </Button>
      </StateMessage>
    </div>
  );
}
