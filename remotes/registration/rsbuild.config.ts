import { createRemoteConfig } from '../../rsbuild.config.ts';
import { federation } from './module-federation.config.ts';

export default createRemoteConfig(federation);
