// Loopback stand-ins for the outside world: a real SMTP server and an HTTP server speaking Africa's
// Talking's messaging API. Tests only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Selectable } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/database.js';
import type { OutboxMessagesTable } from '../../db/schema.js';

interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string;
}

type SmtpMode = 'accept' | 'reject-rcpt' | 'reject-data';

/** Decodes the plain-text part nodemailer writes (7bit or quoted-printable). */
function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let text = raw.slice(split + 4).replace(/\r\n$/, '');
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    text = Buffer.from(
      text
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/** A real SMTP server on 127.0.0.1 (no TLS) that keeps what it accepts; `mode` makes it refuse with 550. */
export async function startSmtpServer(options: { password?: string } = {}) {
  const received: ReceivedMail[] = [];
  const state = { mode: 'accept' as SmtpMode, rcptAttempts: 0 };
  const refuse = () => Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.password ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.password,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.password === options.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      state.rcptAttempts++;
      callback(state.mode === 'reject-rcpt' ? refuse() : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.mode === 'reject-data') return callback(refuse());
        const { headers, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), headers, text });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    state,
    url: (auth = '') => `smtp://${auth}127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface GatewayRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

type GatewayMode = 'success' | 'error-500' | 'refused' | 'hang';

/** Africa's Talking's documented recipient failure codes and their status words. */
export const RECIPIENT_FAILURES = {
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
} as const;
type RecipientFailure = keyof typeof RECIPIENT_FAILURES;

/**
 * An HTTP server answering like Africa's Talking's POST /version1/messaging. It checks each request
 * against the documented format and answers 400/401 when it is off, as the real API would refuse it.
 */
export async function startSmsGateway({ apiKey, username }: { apiKey: string; username: string }) {
  const requests: GatewayRequest[] = [];
  // refused: every recipient gets `refusal`'s code and status word (an answer of 201, as the gateway gives them).
  const state = { mode: 'success' as GatewayMode, delayMs: 0, quoteKeyOn401: false, refusal: 403 as RecipientFailure };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const answer = (status: number, payload: unknown) => {
        const send = () => {
          res.writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' });
          res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
        };
        if (state.delayMs) setTimeout(send, state.delayMs);
        else send();
      };
      if (req.method !== 'POST' || req.url !== '/version1/messaging') return answer(404, 'Not found');
      if (req.headers.apikey !== apiKey)
        return answer(
          401,
          `The supplied authentication is invalid${state.quoteKeyOn401 ? ` (apiKey ${String(req.headers.apikey)})` : ''}`,
        );
      if (
        req.headers.accept !== 'application/json' ||
        req.headers['content-type'] !== 'application/x-www-form-urlencoded'
      )
        return answer(400, 'Unsupported format');
      if (form.username !== username || !/^\+\d{8,15}$/.test(form.to ?? '') || !form.message)
        return answer(400, 'Invalid request');
      if (state.mode === 'hang') return void hanging.add(res);
      if (state.mode === 'error-500') return answer(500, 'Internal Server Error');
      const recipient =
        state.mode === 'refused'
          ? {
              statusCode: state.refusal,
              number: form.to,
              status: RECIPIENT_FAILURES[state.refusal],
              cost: '0',
              messageId: 'None',
            }
          : {
              statusCode: 101,
              number: form.to,
              status: 'Success',
              cost: 'MWK 25.0000',
              messageId: `ATXid_${requests.length}`,
            };
      const sent = recipient.status === 'Success' ? 1 : 0;
      answer(201, {
        SMSMessageData: { Message: `Sent to ${sent}/1 Total Cost: ${recipient.cost}`, Recipients: [recipient] },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/version1/messaging`,
    requests,
    state,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function messageRow(db: Db, id: number): Promise<Selectable<OutboxMessagesTable>> {
  return db.kysely.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Ids of a subject's messages, oldest first. */
export async function idsOf(db: Db, subjectType: string, subjectId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('outbox_messages')
    .select('id')
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export const minutes = (n: number) => n * 60_000;
