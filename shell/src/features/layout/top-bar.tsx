import { useState } from 'react';
import { logOut } from '@entry/api';
import { useAuthStore, type SessionUser } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { getHref, NavLink } from '@entry/routes';
import { Box, Button, Flex, Link, Separator, Text, useBrand, useBrandName, useInExamMode } from '@entry/ui';
import { BrandSwitcher } from '../theme/brand-switcher.tsx';
import { BrandLogo } from '../top-bar/brand-logo.tsx';
import { useScrolled } from '../top-bar/use-scrolled.ts';
import './top-bar.css';

const HelpIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M7.6 7.6a2.5 2.5 0 1 1 3.6 2.3c-.8.4-1.2.9-1.2 1.7v.4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <circle cx="10" cy="14.6" r="1" fill="currentColor" />
  </svg>
);

const AccountIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <circle cx="10" cy="7" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M3 17.5c1.2-3.2 3.8-4.8 7-4.8s5.8 1.6 7 4.8" fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);

/** Logo and name; the name gives way to the logo alone on the narrowest phones (it stays the accessible name). */
const BrandMark = () => {
  const brand = useBrand();
  return (
    <Flex align="center" gap="2" className="shell-brand">
      <BrandLogo brand={brand} />
      <span className="shell-brand-name">{useBrandName()}</span>
    </Flex>
  );
};

/** Who is signed in, and the way out: never Log in or Sign up for someone already in. */
const SignedInNav = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation('shell');
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      {/* The signed-in apps live outside /public: a target makes it a full page load (SPEC section 2). */}
      <Link standalone href="/" target="_self" className="shell-top-bar-name" title={t('topBar.account')}>
        {user.displayName ?? t('nav.signedIn', { id: user.id_user })}
      </Link>
      {/* The size of the links beside it (16 px), not the kit's default 14 px. */}
      <Button
        variant="ghost"
        size="3"
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void logOut();
        }}
      >
        {t('nav.logOut')}
      </Button>
    </>
  );
};

const SignedOutNav = () => {
  const { t } = useTranslation('shell');
  return (
    <>
      <Link asChild standalone>
        <NavLink to={getHref('login')}>{t('nav.logIn')}</NavLink>
      </Link>
      <Link asChild standalone>
        <NavLink to={getHref('register')}>{t('nav.signUp')}</NavLink>
      </Link>
    </>
  );
};

const MainNav = ({ user }: { user: SessionUser | null }) => {
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={t('nav.label')} className="shell-nav">
      <BrandSwitcher />
      {user ? <SignedInNav user={user} /> : <SignedOutNav />}
      <Link asChild standalone color="gray">
        <NavLink to={getHref('help')} aria-label={t('topBar.help')} title={t('topBar.help')}>
          <HelpIcon />
        </NavLink>
      </Link>
      {user ? (
        <Link standalone href="/" target="_self" color="gray" aria-label={t('topBar.account')} title={t('topBar.account')}>
          <AccountIcon />
        </Link>
      ) : (
        <Link asChild standalone color="gray">
          <NavLink to={getHref('login')} aria-label={t('topBar.account')} title={t('topBar.account')}>
            <AccountIcon />
          </NavLink>
        </Link>
      )}
    </nav>
  );
};

/** During a test the bar names the brand and the candidate, and offers no way off the page. */
const ExamBar = ({ user }: { user: SessionUser | null }) => {
  const { t } = useTranslation('shell');
  return (
    <>
      <div className="shell-exam-brand">
        <BrandMark />
      </div>
      {user?.displayName && (
        <p className="shell-candidate">
          <Text size="1" color="gray">
            {t('exam.candidate')}
          </Text>
          <Text size="2" weight="bold" className="shell-candidate-name">
            {user.displayName}
          </Text>
        </p>
      )}
    </>
  );
};

/**
 * SPEC section 2: brand logo and name, action icons and a divider; a shadow once the page is scrolled.
 * On a phone every label stays on one line and the bar never runs wider than the screen.
 */
export const TopBar = () => {
  const user = useAuthStore((state) => state.user);
  const scrolled = useScrolled();
  const exam = useInExamMode();
  return (
    <Box asChild className="shell-top-bar" data-scrolled={scrolled || undefined} data-exam={exam || undefined}>
      <header>
        <div className="shell-top-bar-row">
          {exam ? (
            <ExamBar user={user} />
          ) : (
            <>
              <Link asChild standalone size="5" weight="bold" underline="none" highContrast>
                <NavLink to={getHref('home')}>
                  <BrandMark />
                </NavLink>
              </Link>
              <MainNav user={user} />
            </>
          )}
        </div>
        <Separator size="4" />
      </header>
    </Box>
  );
};
