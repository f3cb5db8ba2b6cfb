import { PendingScreen } from '@entry/ui';

type PageKey = 'demo' | 'unsubscribe' | 'browserSupport' | 'technicalRequirements';

/** A shell-owned page whose content is built in issue 5. */
export const ShellPage = ({ page }: { page: PageKey }) => <PendingScreen namespace="shell" screen={`pages.${page}`} />;
