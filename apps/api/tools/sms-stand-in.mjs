// A stand-in for Africa's Talking's POST /version1/messaging on loopback, answering each SMS after 0.4-0.8 s as
// the real gateway does under load (issue 36). The outbox bench and the load test use it; it keeps what it got,
// with the moment it got it (performance.now()), so a phone code's time to the buyer's phone can be measured.
import http from 'node:http';
import { freePort } from './loopback.mjs';

/** `{ url, received: [{ to, message, at }], close }`; a request without the key or a message gets a 401. */
export async function startSmsStandIn({ apiKey }) {
  const received = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const at = performance.now();
      const form = Object.fromEntries(new URLSearchParams(body));
      if (req.headers.apikey !== apiKey || !form.to || !form.message) {
        res.writeHead(401).end('The supplied authentication is invalid');
        return;
      }
      received.push({ to: form.to, message: form.message, at });
      setTimeout(
        () => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              SMSMessageData: {
                Message: 'Sent to 1/1 Total Cost: MWK 25.0000',
                Recipients: [{ statusCode: 101, number: form.to, status: 'Success', cost: 'MWK 25.0000' }],
              },
            }),
          );
        },
        400 + Math.random() * 400,
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/version1/messaging`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
