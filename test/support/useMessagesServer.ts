import { afterAll, beforeAll, beforeEach } from 'vitest';
import { MessagesServer, type Script } from './messagesServer.js';

export interface MessagesServerInUse {
  readonly server: MessagesServer;
  /** The server's base URL, known once the block's tests start. */
  readonly url: string;
}

/**
 * One local Messages API for the tests of the describe block that calls this: started before the
 * first, reset before each (nothing arranged, nothing received, so no test sees another's
 * requests), stopped after the last. Called inside the block, so each file registers its own
 * hooks (decision 50).
 */
export function useMessagesServer(options: { readonly validate?: boolean; readonly script?: Script } = {}): MessagesServerInUse {
  const server = new MessagesServer(options);
  let url = '';
  beforeAll(async () => {
    url = await server.start();
  });
  beforeEach(() => server.reset());
  afterAll(() => server.stop());
  return {
    server,
    get url() {
      if (url === '') throw new Error('the Messages server starts before the first test: read its url inside a test or hook');
      return url;
    },
  };
}
