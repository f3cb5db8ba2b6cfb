/** What the page tells the client about itself; the shell sets it at start-up (configureApi). */
export type ApiContext = {
  releaseId: string;
  /** True when this visitor runs any canary remote: the servers may route or log it apart. */
  canary: boolean;
  /** Full-page navigation, so that a logout leaves no state behind. */
  redirect: (url: string) => void;
};

let context: ApiContext = {
  releaseId: 'development',
  canary: false,
  redirect: (url) => window.location.assign(url),
};

export const configureApi = (next: Partial<ApiContext>): void => {
  context = { ...context, ...next };
};

export const apiContext = (): ApiContext => context;
