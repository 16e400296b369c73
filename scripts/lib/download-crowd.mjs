// A crowd of readers downloading one file at once, in its own process (a reader's machine is not the
// server's, and a client reading at loopback speed would otherwise hold the event loop of the process
// that times /books). Prints one JSON line: { complete, bytes, seconds }.
//
//   node scripts/lib/download-crowd.mjs <url> <downloads> <rate MB/s per download, 0 = unpaced> <seconds, 0 = until done>
//   (the admin token in the DOWNLOAD_TOKEN environment variable)
import http from 'node:http';

const [url, downloadsText, rateText, secondsText] = process.argv.slice(2);
const downloads = Number(downloadsText);
const rateMb = Number(rateText);
const seconds = Number(secondsText);
const token = process.env.DOWNLOAD_TOKEN ?? '';
const stop = new AbortController();
const crowdStarted = performance.now();
if (seconds > 0) setTimeout(() => stop.abort(), seconds * 1000).unref();

function download() {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } });
    req.on('response', (res) => {
      let bytes = 0;
      const started = performance.now();
      const finish = (complete) => resolve({ bytes, complete });
      stop.signal.addEventListener('abort', () => {
        finish(false);
        req.destroy();
      });
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (rateMb > 0) {
          const aheadMs = (bytes / (rateMb * 1024 * 1024)) * 1000 - (performance.now() - started);
          if (aheadMs > 5) {
            res.pause();
            setTimeout(() => res.resume(), aheadMs);
          }
        }
      });
      res.on('end', () => finish(res.statusCode === 200));
      res.on('error', (error) => (stop.signal.aborted ? finish(false) : reject(error)));
    });
    req.on('error', (error) => {
      if (!stop.signal.aborted)
        reject(new Error(`after ${((performance.now() - crowdStarted) / 1000).toFixed(1)} s: ${error.message}`));
    });
  });
}

const results = await Promise.all(Array.from({ length: downloads }, download));
console.log(
  JSON.stringify({
    complete: results.filter((result) => result.complete).length,
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    seconds: (performance.now() - crowdStarted) / 1000,
  }),
);
