import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT, seedDemo } from '../accounts/seed.ts';
import { startServer } from '../accounts/test-server.ts';
import { seedDemoInvite } from '../registration/seed.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let reportCode: string;

beforeAll(async () => {
  server = await startServer();
  reportCode = (await seedDemo(server.db)).reportCode;
  seedDemoInvite(server.db);
});
afterAll(() => server.close());

const page = async (path: string, cookie = '') => {
  const response = await fetch(`${server.origin}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, location: response.headers.get('location'), type: response.headers.get('content-type'), text: await response.text() };
};

const signedIn = async (username: string, password: string) => {
  const browser = server.browser();
  expect((await browser.post('/ms_accounts/auth/login', { username, password })).status).toBe(200);
  return browser;
};

describe('the current user (SPEC section 3)', () => {
  it('is the public user, with no id_user, for a visitor without a session', async () => {
    const { status, body } = await server.browser().get('/ms_accounts/user');
    expect(status).toBe(200);
    expect(body).toEqual({ base: 'public' });
  });

  it('is the signed-in user, with the name they go by', async () => {
    const browser = await signedIn('teacher@example.com', 'quest-for-progress-42');
    expect((await browser.get('/ms_accounts/user')).body).toMatchObject({ base: 'teacher', displayName: 'Daniel Hughes', id_school_customer: 1001 });
  });

  it('is a 401 only for a session cookie that no longer opens a session', async () => {
    const browser = await signedIn('parent@example.com', 'learning-together-42');
    server.db.prepare('DELETE FROM sessions').run();
    expect((await browser.get('/ms_accounts/user')).status).toBe(401);
    expect((await page('/ms_accounts/user', 'entry_session=made-up')).status).toBe(401);
  });
});

describe('the signed-in stand-in at /', () => {
  it('sends a visitor without a session to the login', async () => {
    expect(await page('/')).toMatchObject({ status: 302, location: '/public/login' });
  });

  it('sends an ended session to the login and clears its cookie', async () => {
    const response = await fetch(`${server.origin}/`, { redirect: 'manual', headers: { Cookie: 'entry_session=ended-long-ago' } });
    expect(response.headers.get('location')).toBe('/public/login');
    expect(response.headers.getSetCookie().join()).toMatch(/entry_session=;/);
  });

  it('names who is signed in, their role and school, and offers Log out', async () => {
    const browser = await signedIn('demo-teacher', 'quest-for-progress-42');
    const { status, type, text } = await page('/', browser.cookie());
    expect(status).toBe(200);
    expect(type).toMatch(/text\/html/);
    expect(text).toContain('Daniel Hughes');
    expect(text).toContain('<dd>Teacher</dd>');
    expect(text).toContain('<dd>Oakwood School</dd>');
    expect(text).toMatch(/<button[^>]*id="log-out"[^>]*>Log out<\/button>/);
    expect(text).not.toContain('The platform would now continue');
  });

  it('says where a checked redirect would continue, and never a foreign one', async () => {
    const browser = await signedIn('parent@example.com', 'learning-together-42');
    expect((await page('/?redirect=%2Fapp%3Fx%3D1', browser.cookie())).text).toContain('<a href="/app?x=1">/app?x=1</a>');
    for (const foreign of ['//evil.com', '/.//evil.com', '/%2e//evil.com', 'https://evil.com/x', 'javascript:alert(1)']) {
      const { status, text } = await page(`/?redirect=${encodeURIComponent(foreign)}`, browser.cookie());
      expect(status).toBe(200);
      expect(text).not.toContain('evil.com');
      expect(text).not.toContain('javascript:');
    }
  });

  it('escapes what it shows', async () => {
    const browser = await signedIn('parent@example.com', 'learning-together-42');
    const { text } = await page(`/?redirect=${encodeURIComponent('/a"><script>alert(1)</script>')}`, browser.cookie());
    expect(text).not.toContain('<script>alert(1)');
  });

  it('names the report a report code opened', async () => {
    const browser = server.browser();
    const school = (await browser.get(`/ms_accounts/supervisors/public/access_code/${reportCode}`)).body as { id_school_customer: number };
    expect((await browser.post('/ms_accounts/auth/login_with_code', { access_code: reportCode, ...school })).status).toBe(200);
    const { text } = await page('/', browser.cookie());
    expect(text).toContain('Maya Patel');
    expect(text).toContain(`<dd>${DEMO_REPORT}</dd>`);
  });
});

describe('the pages the parent registration links to', () => {
  it.each(['/signup-select-student', '/student_registration', '/student_registration/2'])('%s answers with a stand-in page, never a JSON 404', async (path) => {
    const { status, type, text } = await page(path);
    expect(status).toBe(200);
    expect(type).toMatch(/text\/html/);
    expect(text).toMatch(/<h1>.+<\/h1>/);
    expect(text).toContain('href="/public/register/parent"');
  });
});
