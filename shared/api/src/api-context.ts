/** What the page tells the client about itself; the shell sets it at start-up (configureApi). */
export type ApiContext = {
  releaseId: string;
  /** True when this visitor runs any canary remote: the servers may route or log it apart. */
  canary: boolean;
  /** Full-page navigation, so that a logout leaves no state behind. */
  redirect: (url: string) => void;
  /** How calls reach the services: the browser's fetch; on the server, the services in-process. */
  fetch: typeof fetch;
  /**
   * False while the server renders a page: a refusal there is the visitor's to meet in the browser,
   * not a reason to run the browser's logout.
   */
  inBrowser: boolean;
};

let context: ApiContext = {
  releaseId: 'development',
  canary: false,
  redirect: (url) => window.location.assign(url),
  fetch: (input, init) => globalThis.fetch(input, init),
  inBrowser: true,
};

/** Where a request being rendered on the server finds its own context (the server sets it per request). */
let source: (() => Partial<ApiContext> | undefined) | undefined;

export const configureApi = (next: Partial<ApiContext>): void => {
  context = { ...context, ...next };
};

/**
 * For the server renderer: every call made while a page renders takes the context `read` returns
 * for it (its visitor's cookie, the in-process services), so concurrent renders never share one.
 */
export const setApiContextSource = (read: () => Partial<ApiContext> | undefined): void => {
  source = read;
};

export const apiContext = (): ApiContext => {
  const own = source?.();
  return own ? { ...context, ...own } : context;
};
