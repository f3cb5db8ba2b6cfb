import { createElement } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from '@entry/routes';
import { useAuthStore } from '@entry/auth';
import { registerSingletons } from '@entry/federation';
import { i18n } from '@entry/i18n';

/**
 * Records the singleton instances the calling app was given. This package is deliberately NOT
 * shared: each app bundles its own copy, so the imports above resolve the way that app's do.
 * A function from each package stands for it, as a namespace object may be rebuilt per importer.
 */
export const probeSingletons = (owner: string) =>
  registerSingletons(owner, {
    react: createElement,
    'react-dom': createPortal,
    'react-router': useNavigate,
    'auth-store': useAuthStore,
    i18n,
  });
