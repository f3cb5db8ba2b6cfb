import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from './db/database.ts';
import { serveFile } from './http/static-files.ts';
import { appMetadataRoutes } from './routes/app-metadata.ts';

export type AppOptions = { publicDir: string; db: Database };

const MAX_BODY_BYTES = 16 * 1024;

export const createApp = ({ publicDir, db }: AppOptions) => {
  const app = new Hono();

  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'Request body too large' }, 413) }),
  );

  app.get('/health', (c) => {
    db.prepare('SELECT 1').get();
    return c.json({ status: 'ok' });
  });

  app.route('/app-metadata', appMetadataRoutes({ publicDir, db }));

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
