import { expect, test } from './support/test.ts';
import { expectRunning } from './support/running.ts';

type Registry = Map<string, Map<string, unknown>>;
type Store = { getState: () => { user: { id_user: number } | null; setSession: (user: object) => void } };

test('two remotes in one visit run on one React and one auth store', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/public/login');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  const instances = await page.evaluate(() => {
    const registry = (globalThis as unknown as { __ENTRY_SINGLETONS__: Registry }).__ENTRY_SINGLETONS__;
    return [...registry].map(([name, byOwner]) => ({
      name,
      owners: [...byOwner.keys()].sort(),
      distinct: new Set(byOwner.values()).size,
    }));
  });
  expect(instances.map(({ name }) => name).sort()).toEqual(['auth-store', 'i18n', 'react', 'react-dom', 'react-router']);
  for (const instance of instances) {
    expect(instance, instance.name).toEqual({ name: instance.name, owners: ['login', 'registration', 'shell'], distinct: 1 });
  }

  // State set through the login remote's store is the state the shell and the registration remote read
  // (on a page a signed-in visitor may stay on: the ways in send them on to /).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help and contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and contact' })).toBeVisible();
  await page.evaluate(() => {
    const registry = (globalThis as unknown as { __ENTRY_SINGLETONS__: Registry }).__ENTRY_SINGLETONS__;
    const loginStore = registry.get('auth-store')?.get('login') as Store;
    loginStore.getState().setSession({ id_user: 42, base: 'parent' });
  });
  await expect(page.getByText('Signed in as user 42')).toBeVisible();
  const seenByRegistration = await page.evaluate(() => {
    const registry = (globalThis as unknown as { __ENTRY_SINGLETONS__: Registry }).__ENTRY_SINGLETONS__;
    return (registry.get('auth-store')?.get('registration') as Store).getState().user?.id_user;
  });
  expect(seenByRegistration).toBe(42);
  expect(errors.filter((text) => text.includes('Duplicate singleton'))).toEqual([]);
});

test('the runtime guard reports a remote that brings its own copy of a singleton', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/public/login');
  await expectRunning(page.getByRole('heading', { level: 1, name: 'Log in to your account' }));
  // Stand in for a badly built remote: it registers a React that is not the shell's.
  await page.evaluate(() => {
    const registry = (globalThis as unknown as { __ENTRY_SINGLETONS__: Registry }).__ENTRY_SINGLETONS__;
    registry.get('react')?.set('rogue', () => null);
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect.poll(() => errors.find((text) => text.includes('Duplicate singleton "react"'))).toContain('rogue');
});
