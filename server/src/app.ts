import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from './db/database.ts';
import { createCaptcha } from './accounts/captcha.ts';
import { createGoogleSignIn, type GoogleConfig } from './accounts/google.ts';
import { createRecaptcha, type RecaptchaConfig } from './accounts/recaptcha.ts';
import { accountRoutes } from './accounts/routes.ts';
import { createThrottle, DEFAULT_LIMITS, type ThrottleLimits } from './accounts/throttle.ts';
import { examRoutes } from './exams/routes.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { requestLog, sameOriginOnly } from './http/request-guards.ts';
import { serveFile } from './http/static-files.ts';
import { publicUserRoutes } from './public-user/routes.ts';
import { emailRoutes, registrationRoutes } from './registration/routes.ts';
import { visitorRoutes } from './routes/visitor.ts';
import { appMetadataRoutes } from './routes/app-metadata.ts';
import { ofrepRoutes } from './routes/ofrep.ts';

export type AppOptions = {
  publicDir: string;
  db: Database;
  flagsPath: string;
  captchaSecret: string;
  limits?: Partial<ThrottleLimits>;
  google?: GoogleConfig;
  /** With a secret, reCAPTCHA verifies captcha tokens; without one, the self-hosted captcha does. */
  recaptcha?: RecaptchaConfig;
  /** The request header in which the edge (CDN) passes the visitor's country. */
  countryHeader?: string;
};

const MAX_BODY_BYTES = 16 * 1024;

export const createApp = ({ publicDir, db, flagsPath, captchaSecret, limits, google, recaptcha, countryHeader }: AppOptions) => {
  const app = new Hono();

  app.use('*', requestLog);
  // Every state-changing call, whichever service, comes from our own pages (SPEC section 7 headers).
  app.use('*', sameOriginOnly);

  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'Request body too large' }, 413) }),
  );

  app.get('/health', (c) => {
    db.prepare('SELECT 1').get();
    return c.json({ status: 'ok' });
  });

  app.route('/app-metadata', appMetadataRoutes({ publicDir, db }));
  app.route('/app-metadata', visitorRoutes({ countryHeader: countryHeader ?? 'x-country-code' }));
  app.route('/ofrep', ofrepRoutes({ flagsPath }));
  app.route(
    '/ms_accounts',
    accountRoutes({
      db,
      throttle: createThrottle(db, { ...DEFAULT_LIMITS, ...limits }),
      captcha: recaptcha?.secret
        ? createRecaptcha({ secret: recaptcha.secret, verifyUrl: recaptcha.verifyUrl })
        : createCaptcha(db, captchaSecret),
      google: createGoogleSignIn(google ?? { tokenUrl: 'https://oauth2.googleapis.com/token' }),
    }),
  );
  app.route('/ms_accounts', registrationRoutes({ db }));
  app.route('/ms_email', emailRoutes({ db }));
  app.route('/ms_exams', examRoutes({ db }));
  app.route('/event-gateway', gatewayRoutes({ db }));
  app.route('/public/user', publicUserRoutes({ db }));

  app.get('/', (c) => c.redirect('/public/'));
  app.on(['GET', 'HEAD'], ['/public', '/public/*'], (c) => {
    const relativePath = c.req.path.replace(/^\/public\/?/, '') || 'index.html';
    return serveFile(publicDir, relativePath, c.req.method) ?? c.json({ message: 'Resource not found' }, 404);
  });

  app.notFound((c) => c.json({ message: 'Resource not found' }, 404));
  app.onError((error, c) => {
    console.error(error);
    return c.json({ message: 'Internal Server Error' }, 500);
  });
  return app;
};
