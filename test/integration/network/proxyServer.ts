// A real forward proxy on node:http for the tests: CONNECT tunnels (and plain forwarding, which the
// client must never use), optional Basic authentication, and a record of what it saw.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  port: number;
  /** host:port of every CONNECT, in order, authorised or not. */
  connects: string[];
  /** Plain (non-tunnelled) requests: their headers, which the proxy could read. */
  plainRequests: IncomingHttpHeaders[];
  /** Every byte the client sent through the tunnels (TLS records for an https server). */
  relayed(): Buffer;
  close(): Promise<void>;
}

export async function startTestProxy(options: { credentials?: { user: string; password: string } } = {}): Promise<TestProxy> {
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  const connects: string[] = [];
  const plainRequests: IncomingHttpHeaders[] = [];
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const authorised = (headers: IncomingHttpHeaders): boolean => expected === undefined || headers['proxy-authorization'] === expected;

  const server = createServer((req, res) => {
    plainRequests.push(req.headers);
    if (!authorised(req.headers)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    connects.push(target);
    if (!authorised(req.headers)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    const upstream = connect(port, host.replace(/^\[|\]$/g, ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        chunks.push(head);
        upstream.write(head);
      }
      client.on('data', (chunk: Buffer) => chunks.push(chunk));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connects,
    plainRequests,
    relayed: () => Buffer.concat(chunks),
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
