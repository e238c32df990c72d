/** A root user entry as one transcript line (no newline): the smallest line the reader takes as an entry. */
export const userLine = (uuid: string, text = 'hi'): string =>
  JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    type: 'user',
    message: { role: 'user', content: text },
    uuid,
    timestamp: '2026-01-01T00:00:00.000Z',
  });
