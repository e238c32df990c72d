import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Returns at the given moment (Date.now() milliseconds), to within a fraction of a millisecond:
 * sleeps until just before it and spins the rest, so that processes meeting at one moment
 * really do act together.
 */
export async function atMoment(at: number): Promise<void> {
  const early = at - Date.now() - 5;
  if (early > 0) await sleep(early);
  while (Date.now() < at) {
    // spin
  }
}
