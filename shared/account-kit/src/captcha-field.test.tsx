import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_IFRAME_REMOVAL_DELAY_MS } from '@entry/constants';
import { AppProviders, Form, useAppForm } from '@entry/ui';
import { CaptchaField } from './captcha-field.tsx';
import { RECAPTCHA_ONLOAD, type RecaptchaParameters } from './recaptcha-script.ts';

/**
 * ALTCHA's web component cannot solve in jsdom (no workers): a stand-in with its interface. Ticking
 * it reports the state changes ALTCHA reports, with the payload the real one would send.
 */
const altchaLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./load-altcha.ts', () => ({
  loadAltcha: async () => {
    altchaLoads.count += 1;
    if (customElements.get('altcha-widget')) return;
    class FakeAltcha extends HTMLElement {
      state = 'unverified';
      connectedCallback() {
        const input = document.createElement('input');
        input.type = 'checkbox';
        input.id = 'altcha-box';
        const label = document.createElement('label');
        label.htmlFor = 'altcha-box';
        label.textContent = 'I’m not a robot';
        input.addEventListener('change', () => {
          this.state = 'verified';
          this.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: btoa(`{"challenge":"${this.getAttribute('challenge')}"}`) } }));
        });
        this.append(input, label);
      }
      getState() {
        return this.state;
      }
      reset() {
        this.state = 'unverified';
        (this.querySelector('input') as HTMLInputElement).checked = false;
      }
    }
    customElements.define('altcha-widget', FakeAltcha);
  },
}));

const network = setupServer();
// MSW 3's name for onUnhandledRequest: an unanswered request fails the test.
beforeAll(() => network.listen({ onUnhandledFrame: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

type Values = { captcha: string };

/** A login-like form: a refused submit clears the token, as the login screens do. */
const LoginLike = ({ accept }: { accept: (values: Values) => boolean }) => {
  const form = useAppForm<Values>({ defaultValues: { captcha: '' } });
  const onSubmit = (values: Values) => {
    if (!accept(values)) form.setValue('captcha', '');
  };
  return (
    <AppProviders brand="atom">
      <Form form={form} onSubmit={onSubmit}>
        <CaptchaField />
        <button type="submit">Log in</button>
      </Form>
    </AppProviders>
  );
};

const setup = (accept: (values: Values) => boolean = () => true) => {
  const submitted = vi.fn(accept);
  return { submitted, user: userEvent.setup(), ...render(<LoginLike accept={submitted} />) };
};

const recaptchaScripts = () => [...document.head.querySelectorAll('script')].filter(({ src }) => src.includes('/recaptcha/'));
const region = () => screen.getByRole('group', { name: 'I’m not a robot' });
const messageOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('the provider, chosen by the build', () => {
  it('is ALTCHA without a site key, loaded only once the field shows: ticking it gives the form its payload', async () => {
    expect(altchaLoads.count).toBe(0);
    const { user, submitted } = setup();
    const tickbox = await screen.findByRole('checkbox', { name: 'I’m not a robot' });
    expect(altchaLoads.count).toBe(1);
    expect(document.querySelector('altcha-widget')?.getAttribute('challenge')).toBe('/ms_accounts/auth/captcha');
    await user.click(tickbox);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(JSON.parse(atob(submitted.mock.calls[0]?.[0].captcha ?? ''))).toEqual({ challenge: '/ms_accounts/auth/captcha' });
    expect(recaptchaScripts()).toEqual([]);
  });

  it('asks for ALTCHA again once the form clears a refused token', async () => {
    const { user, submitted } = setup(() => false);
    const tickbox = await screen.findByRole('checkbox', { name: 'I’m not a robot' });
    await user.click(tickbox);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((tickbox as HTMLInputElement).checked).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    // Under the tickbox, and as a link to it in the form's error summary.
    expect(await screen.findAllByText('Please check the "I\'m not a robot" tickbox')).toHaveLength(2);
  });

  it('is reCAPTCHA with PUBLIC_RECAPTCHA_SITE_KEY, whose script is fetched only once the field shows', () => {
    vi.stubEnv('PUBLIC_RECAPTCHA_SITE_KEY', 'site-key');
    expect(recaptchaScripts()).toEqual([]);
    setup();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(region()).toBeTruthy();
    const url = new URL(recaptchaScripts()[0]?.src ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/recaptcha/api.js');
    expect(Object.fromEntries(url.searchParams)).toEqual({ render: 'explicit', onload: RECAPTCHA_ONLOAD, hl: 'en-GB' });
  });
});

/** Google's API as the widget sees it; each widget also leaves a challenge popup in <body>, as Google's does. */
const widgets: { host: HTMLElement; parameters: RecaptchaParameters; response: string }[] = [];
const grecaptcha = {
  render: vi.fn((host: HTMLElement, parameters: RecaptchaParameters) => {
    widgets.push({ host, parameters, response: '' });
    host.innerHTML = '<iframe title="reCAPTCHA" src="https://www.google.com/recaptcha/api2/anchor"></iframe>';
    const popup = document.createElement('div');
    popup.innerHTML = '<div><iframe title="recaptcha challenge" src="https://www.google.com/recaptcha/api2/bframe?k=site-key"></iframe></div>';
    document.body.append(popup);
    return widgets.length - 1;
  }),
  reset: vi.fn((id: number) => {
    widgets[id]!.response = '';
  }),
  getResponse: vi.fn((id: number) => widgets[id]!.response),
};
const latest = () => widgets.at(-1)!;
const google = {
  /** The script has arrived: Google calls the onload global (once; after that the API is there). */
  ready: () => act(() => window[RECAPTCHA_ONLOAD]?.()),
  tick: (token: string) =>
    act(() => {
      latest().response = token;
      latest().parameters.callback(token);
    }),
  expire: () =>
    act(() => {
      latest().response = '';
      latest().parameters['expired-callback']();
    }),
  fail: () => act(() => latest().parameters['error-callback']()),
};
const popups = () => [...document.querySelectorAll('iframe')].filter(({ src }) => src.includes('/bframe'));

// Google's script loads once per page: the first test sees it fail, the others share the load that follows.
describe('the reCAPTCHA widget', () => {
  beforeEach(() => {
    vi.stubEnv('PUBLIC_RECAPTCHA_SITE_KEY', 'site-key');
    window.grecaptcha = grecaptcha;
    vi.clearAllMocks();
  });

  it('says so when Google’s script does not load, and tries again on the next showing', async () => {
    setup();
    await act(async () => recaptchaScripts()[0]?.dispatchEvent(new Event('error')));
    expect(messageOf(region())).toBe('The "I\'m not a robot" tickbox could not load. Check your connection and reload the page.');
    expect(recaptchaScripts()).toEqual([]);
    cleanup();
    setup();
    expect(recaptchaScripts()).toHaveLength(1);
    await google.ready();
    expect(grecaptcha.render).toHaveBeenCalledTimes(1);
  });

  it('puts Google’s token in the form, and resets the tickbox after a refused submit', async () => {
    const { user, submitted } = setup(() => false);
    await google.ready();
    expect(grecaptcha.render).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ sitekey: 'site-key' }));
    expect(region().contains(latest().host)).toBe(true);
    await google.tick('google-token-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).toHaveBeenLastCalledWith({ captcha: 'google-token-1' });
    expect(grecaptcha.reset).toHaveBeenCalledWith(widgets.length - 1);
  });

  it('asks for the tickbox again once the token expires, and points the focus and the message at it', async () => {
    const { user, submitted } = setup();
    await google.ready();
    await google.tick('google-token-2');
    await google.expire();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).not.toHaveBeenCalled();
    // The form's error summary takes the focus; its link leads to the tickbox.
    const summary = await screen.findByRole('alert');
    await vi.waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: 'Please check the "I\'m not a robot" tickbox' }));
    expect(document.activeElement).toBe(region());
    expect(messageOf(region())).toBe('Please check the "I\'m not a robot" tickbox');
    expect(grecaptcha.reset).not.toHaveBeenCalled();
  });

  it('tells the visitor to try again when Google reports an error, until a new token comes', async () => {
    setup();
    await google.ready();
    await google.fail();
    expect(messageOf(region())).toBe('There was an error with the "I\'m not a robot" tickbox. Please try again.');
    await google.tick('google-token-3');
    expect(region().getAttribute('aria-describedby')).toBeNull();
  });

  it('removes the challenge popups Google leaves in <body> 5 s after the last widget goes', async () => {
    const { unmount } = setup();
    await google.ready();
    expect(popups().length).toBeGreaterThan(0);
    const unrelated = document.body.appendChild(document.createElement('aside'));
    vi.useFakeTimers();
    try {
      unmount();
      vi.advanceTimersByTime(CAPTCHA_IFRAME_REMOVAL_DELAY_MS - 1);
      expect(popups().length).toBeGreaterThan(0);
      vi.advanceTimersByTime(1);
      expect(popups()).toEqual([]);
      expect(unrelated.isConnected).toBe(true);
    } finally {
      vi.useRealTimers();
      unrelated.remove();
    }
  });

  it('keeps the popups while another widget has mounted in the meantime', async () => {
    const first = setup();
    await google.ready();
    const left = popups();
    vi.useFakeTimers();
    try {
      first.unmount();
      vi.advanceTimersByTime(CAPTCHA_IFRAME_REMOVAL_DELAY_MS / 2);
      setup();
      await vi.advanceTimersByTimeAsync(CAPTCHA_IFRAME_REMOVAL_DELAY_MS);
      expect(left.every((frame) => frame.isConnected)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
