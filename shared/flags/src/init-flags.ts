import { useAuthStore } from '@entry/auth';
import { toEvaluationContext } from './evaluation-context.ts';
import { FLAGS_DOMAIN, notifyFlagsChanged, setFlagsClient } from './flags-client.ts';
import { markFlagsReady } from './flags-ready.ts';

export type FlagsOptions = {
  /** Where the OFREP service answers; the reference server by default, flagd or GO Feature Flag by configuration. */
  baseUrl?: string;
  /** A hanging flag service must not hold a waiting screen for the provider's default 10 s. */
  timeoutMs?: number;
};

/**
 * The flag service is called like every other service (SPEC section 7): its evaluations are POSTs,
 * which the same-origin guard accepts only with X-Requested-With (the browser adds the Origin).
 */
const OFREP_HEADERS: [string, string][] = [['X-Requested-With', 'XMLHttpRequest']];

let started: Promise<void> | undefined;

const start = async ({ baseUrl = window.location.origin, timeoutMs = 3000 }: FlagsOptions) => {
  const loaded = await Promise.all([import('@openfeature/web-sdk'), import('@openfeature/ofrep-web-provider')]).catch(
    (error: unknown) => {
      console.warn('Feature flags could not load; every flag takes its default.', error);
      return null;
    },
  );
  if (!loaded) {
    markFlagsReady();
    return;
  }
  const [{ OpenFeature, ProviderEvents }, { OFREPWebProvider }] = loaded;
  const client = OpenFeature.getClient(FLAGS_DOMAIN);
  // Every event after which an evaluation may answer differently.
  for (const event of [ProviderEvents.Ready, ProviderEvents.Error, ProviderEvents.ConfigurationChanged, ProviderEvents.ContextChanged, ProviderEvents.Stale]) {
    client.addHandler(event, notifyFlagsChanged);
  }
  setFlagsClient(client);

  let context = toEvaluationContext(useAuthStore.getState().user);
  const initialised = OpenFeature.setProviderAndWait(FLAGS_DOMAIN, new OFREPWebProvider({ baseUrl, timeoutMs, headers: OFREP_HEADERS }), context);

  useAuthStore.subscribe(({ user }) => {
    const next = toEvaluationContext(user);
    // The store also changes for status alone; only a different context is worth a round trip.
    if (JSON.stringify(next) === JSON.stringify(context)) return;
    context = next;
    void OpenFeature.setContext(FLAGS_DOMAIN, next);
  });

  try {
    await initialised;
  } catch (error) {
    console.warn('Feature flags are unavailable; every flag takes its default.', error);
  } finally {
    markFlagsReady();
  }
};

/**
 * Starts flag evaluation for the session user and follows the auth store from then on. Call it once at
 * start-up; later calls return the first call's promise, which settles (never rejects) once flags are
 * ready or have failed.
 */
export const initFlags = (options: FlagsOptions = {}): Promise<void> => (started ??= start(options));
