import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggedUrl } from './logged-url.js';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
}

/**
 * In development (config.logFormat 'lines') pino's JSON becomes short readable lines for the terminal:
 * "12:03:04 INFO  GET /api/v1/products 200 3.1 ms"; an error keeps its stack on the lines below.
 */
export function readableLines(out: { write(text: string): unknown } = process.stdout) {
  return {
    write(line: string) {
      let entry: PinoLine;
      try {
        entry = JSON.parse(line) as PinoLine;
      } catch {
        out.write(line);
        return;
      }
      const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
      const level = (LEVELS[entry.level ?? 30] ?? 'INFO').padEnd(5);
      const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
      out.write(`${time} ${level} ${entry.msg ?? ''}${error}\n`);
    },
  };
}

/**
 * pino's `req` in every line that names the request (Fastify's "incoming request", errors): the URL as
 * `loggedUrl` masks it, never a private link's token or a looked-up phone or email (decision 0087).
 */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** One line per answered request, in place of Fastify's "incoming request", "request completed" and "route not found". */
export class RequestLines extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${loggedUrl(request)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
