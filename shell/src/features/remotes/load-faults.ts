/**
 * What went wrong when a remote would not load, as far as the browser can tell. Only `unreachable`
 * may pass by itself and is worth retrying; the others are the version's own fault and go to the
 * fallback at once.
 *   missing       the manifest or entry answers 404 or 410 (deleted, or never published)
 *   unreachable   network error, timeout or server error
 *   broken        the entry or the exposed module threw while evaluating, or exposes no screens
 *   incompatible  the manifest requires a shared singleton version the shell does not provide
 *   render        the remote's screen threw while rendering (reported, never retried)
 */
export type LoadFault = 'missing' | 'unreachable' | 'broken' | 'incompatible' | 'render';

export class RemoteFault extends Error {
  override name = 'RemoteFault';
  readonly fault: LoadFault;
  constructor(fault: LoadFault, message: string, options?: ErrorOptions) {
    super(message, options);
    this.fault = fault;
  }
}

/** An error's message with those of its causes: the runtime wraps what went wrong in its own errors. */
const describe = (error: unknown): string => {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' <- ');
};

/** A chunk, script or fetch that did not arrive: the network's fault, possibly passing. */
const NETWORK = /ChunkLoadError|Loading (CSS )?chunk|ScriptNetworkError|Failed to fetch|NetworkError|Load failed|TimeoutError|AbortError|timed out/i;

/** True when the error is something that did not arrive over the network, rather than code that threw. */
export const isNetworkFailure = (error: unknown): boolean =>
  (error instanceof RemoteFault && error.fault === 'unreachable') || NETWORK.test(describe(error));

/**
 * The fault behind a failed load: what the load guard saw for this version's manifest and entry, or
 * else what the error says. The runtime reports an entry that threw as a ScriptExecutionError; the
 * exposed module's own code throwing shows in the runtime's `onLoad` stage.
 */
export const classifyFailure = (error: unknown, seen: { fault?: LoadFault; stage?: string } = {}): LoadFault => {
  if (error instanceof RemoteFault) return error.fault;
  if (seen.fault) return seen.fault;
  if (/ScriptExecutionError/.test(describe(error))) return 'broken';
  if (isNetworkFailure(error)) return 'unreachable';
  return seen.stage === 'onLoad' ? 'broken' : 'unreachable';
};
