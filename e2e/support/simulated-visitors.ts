import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isCanaryVisitor } from '../../shared/routes/src/canary-bucket.ts';

/**
 * Visitors of one remote, as the reference server hears them (ADR 018): each from an address of its
 * own (the server must trust loopback as a proxy), picks canary or live by its bucket as the shell does,
 * sends the page-load beacon for that version (every load is sampled while a canary runs) and, when
 * the version fails for it, the failure report the shell sends as it falls back to live. A browser per
 * visitor would measure the machine, not the rollout: the shell's own beacon and reports are covered
 * by the browser tests.
 */
export type VisitorsOptions = {
  origin: string;
  /** The folder whose remotes.json the server serves, or a node's site in memory: each visitor reads the pointers as they are then. */
  site: string | { text(path: string): string | null };
  remote: string;
  perSecond: number;
  /** Whether a version fails for this visitor (by its number: the same visitors fail each run). */
  fails: (version: string, visitor: number, onCanary: boolean) => boolean;
};

export type VisitorFigures = {
  visitors: number;
  canaryVisitors: number;
  failed: number;
  /** Visitors the canary failed for, and when the first of them did. */
  canaryFailed: number;
  firstFailureAt: number | null;
};

type Pointers = { live: string; canary: { version: string; percentage: number } | null };

export const startVisitors = ({ origin, site, remote, perSecond, fails }: VisitorsOptions) => {
  const figures: VisitorFigures = { visitors: 0, canaryVisitors: 0, failed: 0, canaryFailed: 0, firstFailureAt: null };
  const post = (path: string, address: string, body: object) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: origin, 'X-Forwarded-For': address },
      body: JSON.stringify(body),
    }).then((response) => response.body?.cancel());
  const visit = async (number: number) => {
    const registry = typeof site === 'string' ? readFileSync(join(site, 'remotes.json'), 'utf8') : site.text('remotes.json');
    const { live, canary } = (JSON.parse(registry ?? '{"remotes":{}}') as { remotes: Record<string, Pointers> }).remotes[remote] as Pointers;
    const visitor = `simulated-visitor-${number}`;
    const address = `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`;
    const onCanary = !!canary && isCanaryVisitor(visitor, remote, canary.percentage);
    const version = onCanary ? (canary?.version as string) : live;
    figures.visitors += 1;
    if (onCanary) figures.canaryVisitors += 1;
    await post('/app-metadata/page-loads', address, { remote, version, sample: 1 });
    if (!fails(version, number, onCanary)) return;
    figures.failed += 1;
    if (onCanary) {
      figures.canaryFailed += 1;
      figures.firstFailureAt ??= Date.now();
    }
    await post('/app-metadata/remote-load-failures', address, { remote, version, fallback: onCanary ? live : null, visitor, canary: onCanary, kind: 'broken' });
  };
  let next = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const visit$ = visit((next += 1)).catch(() => undefined);
    pending.add(visit$);
    void visit$.finally(() => pending.delete(visit$));
  }, 1000 / perSecond);
  return {
    figures,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return figures;
    },
  };
};

/** True for `percent` in every hundred visitors, spread evenly. */
export const oneIn = (percent: number) => (visitor: number) => (visitor * 37) % 100 < percent;
