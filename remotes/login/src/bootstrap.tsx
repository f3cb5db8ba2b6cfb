import { renderStandalone } from '@entry/dev-harness';
import { screens } from './screens.tsx';

// Only the standalone page runs this; the shell loads ./screens directly.
renderStandalone('login', screens);
