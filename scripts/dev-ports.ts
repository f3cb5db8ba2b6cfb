/** Ports of the development servers, one per app, and the reference server's behind the shell's proxy. */
export const DEV_PORTS = {
  shell: 3000,
  login: 3001,
  registration: 3002,
  taster: 3003,
  assessments: 3004,
  server: 4000,
} as const;

export type DevApp = Exclude<keyof typeof DEV_PORTS, 'server'>;

const remotes = ['login', 'registration', 'taster', 'assessments'] as const satisfies DevApp[];

/**
 * The remotes.json the shell's dev server answers with: nothing deployed, and every remote overridden
 * to its own dev server (the shell honours overrides in development builds only).
 */
export const devRemoteRegistry = () => ({
  remotes: Object.fromEntries(remotes.map((name) => [name, { live: 'dev', lastKnownGood: null, canary: null, history: [] }])),
  overrides: Object.fromEntries(remotes.map((name) => [name, `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`])),
});
