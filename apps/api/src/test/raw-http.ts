import net from 'node:net';

export interface RawAnswer {
  status: number;
  type: string;
  head: string;
  body: string;
}

/** One raw HTTP/1.1 exchange on loopback: what a hostile client can send that no HTTP library would. */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        type: /content-type: ([^\r\n;]+)/i.exec(head)?.[1] ?? '',
        head,
        body,
      });
    });
    socket.write(request);
  });
}
