/** What the rollout tests share: a remote's manifest as the release gate reads it, and a wait for a condition. */

/** A built remote's (or the shell's) mf-manifest.json, enough for the release tooling's compatibility gate. */
export const manifest = (name: string) =>
  JSON.stringify({
    name,
    metaData: { buildInfo: { buildVersion: '0.1.0' }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' }],
    exposes: [{ name: 'screens', path: './screens' }],
  });

/** Whether `done` came true within `timeoutMs` (looked at every 50 ms). */
export const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
};
