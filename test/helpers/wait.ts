/**
 * Waiting for what a test waits on (a frame drawn, a move played), never for a set time: a loaded
 * machine stretches every delay, so a check after a fixed sleep can fail there (issue 40: the tests
 * pass under a load of 10 on two cores).
 */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `ok` every 10 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitUntil(ok: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) return false;
    await sleep(10);
  }
  return true;
}
