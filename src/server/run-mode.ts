// Settles how this process runs, before anything else is loaded (entries import this module first;
// ES modules evaluate in import order).
//
// The runtime: the site needs Node.js 24 (better-sqlite3 13 crashes on older ones). `npm start`
// runs on the Node 24 that `npm ci` installs; started by an older system Node, stop with the fix.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  console.error(
    `This site needs Node.js 24 or newer, but ${process.execPath} is ${process.version}. ` +
      'Start it with `npm start` (on Linux x64 it runs on the Node 24 that `npm ci` installed), or install Node.js 24.',
  );
  process.exit(1);
}

// The mode: React (the server renderer, and the mail templates' JSX runtime) picks its development
// or production build from NODE_ENV when first imported, so it is settled here: the built site runs
// in production mode unless NODE_ENV says otherwise, `--dev` (npm run dev) in development mode.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';
