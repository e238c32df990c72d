import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on 127.0.0.1 at a free port, for the test doubles of remote APIs. */
export async function listenLocal(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<{ readonly server: Server; readonly url: string }> {
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Closes a server, cutting open connections first (a keep-alive client would hold it open). */
export async function closeLocal(server: Server | null): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
