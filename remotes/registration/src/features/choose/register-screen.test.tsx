import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addTranslations, US_LOCALE } from '@entry/i18n';
import { VisitorCountryProvider } from '@entry/routes';
import { registrationUsTexts } from '../../locales/en-us.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { RegisterScreen } from './register-screen.tsx';

addTranslations('registration', registrationUsTexts, US_LOCALE);
afterEach(cleanup);

const open = (url: string, country: string | null) =>
  renderScreen(
    <VisitorCountryProvider country={country}>
      <RegisterScreen />
    </VisitorCountryProvider>,
    { path: '/register/:locale?', url },
  );

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('the sign-up’s country', () => {
  it('is the US for a visitor the edge places there, with the way to the UK’s', () => {
    open('/register', 'US');
    expect(screen.getByText(/^Signing up in the United States\./)).toBeTruthy();
    expect(href('Not in the US? Change')).toBe('/public/register/en-gb');
    // The US is this visitor's default: its links need no locale, the UK's must name it.
    expect(href('Sign up as a parent')).toBe('/public/register/parent');
  });

  it('is the UK for anyone else, or when the edge does not say', () => {
    open('/register', 'FR');
    expect(screen.getByText(/^Signing up in the United Kingdom\./)).toBeTruthy();
    expect(href('Not in the UK? Change')).toBe('/public/register/en-us');
    cleanup();
    open('/register', null);
    expect(href('Sign up as a parent')).toBe('/public/register/parent');
  });

  it('follows the address over where the visitor is', () => {
    open('/register/en-gb', 'US');
    expect(screen.getByText(/^Signing up in the United Kingdom\./)).toBeTruthy();
    expect(href('Sign up as a parent')).toBe('/public/register/parent/en-gb');
    expect(href('Not in the UK? Change')).toBe('/public/register');
  });
});
