import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readableLines, RequestLines } from './request-lines.js';

// Development logging: one readable line per request instead of Fastify's two JSON lines.

function capture() {
  const lines: string[] = [];
  return { lines, out: { write: (text: string) => lines.push(...text.split('\n').filter(Boolean)) } };
}

describe('request lines', () => {
  it('logs each answered request once, as method, path, status and time', async () => {
    const { lines, out } = capture();
    const app = Fastify({ logger: { level: 'info', stream: readableLines(out) }, logController: new RequestLines() });
    app.get('/hello', async () => 'hi');
    await app.inject({ method: 'GET', url: '/hello?x=1' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/hello\?x=1 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/missing 404 \d+\.\d ms$/);
  });

  it('keeps a warning readable with its error, and passes through what is not JSON', () => {
    const { lines, out } = capture();
    const stream = readableLines(out);
    stream.write(
      `${JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1, 9, 5, 7), msg: 'image variant not cached', err: { message: 'busy', stack: 'Error: busy\n    at save' } })}\n`,
    );
    stream.write('plain text\n');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}image variant not cached$/);
    expect(lines.slice(1)).toEqual(['Error: busy', '    at save', 'plain text']);
  });
});
