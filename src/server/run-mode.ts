// React (the server renderer, and the mail templates' JSX runtime) picks its development or
// production build from NODE_ENV when first imported. Entries import this module first (ES
// modules evaluate in import order), so the mode is settled before anything loads React: the
// built site runs in production mode unless NODE_ENV says otherwise, `--dev` in development mode.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';
