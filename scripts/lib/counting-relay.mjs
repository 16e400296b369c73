// A local SMTP relay that accepts and counts every message and keeps nothing, run as a child
// process by `npm run bench:mail` (so its work never delays the load generator's timings).
// Sends { port } once listening, then { received } whenever asked with 'count'.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
server.on('error', () => undefined);
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send({ received });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
