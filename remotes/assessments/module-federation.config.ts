import { SCREENS_EXPOSE } from '@entry/routes';
import { createFederationConfig } from '../../module-federation.config.ts';

export const federation = createFederationConfig({
  name: 'assessments',
  exposes: { [`./${SCREENS_EXPOSE}`]: './src/screens.tsx' },
});
