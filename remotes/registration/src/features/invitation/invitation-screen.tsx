import { useEffect, useState } from 'react';
import { handOffSignedIn } from '@entry/account-kit';
import { ApiError, getTutorInvite, linkStudentToTutor, MissingParamsError, type TutorInvite } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { getHref, keepAddressSecrets, Link as RouterLink, useAddressSecrets } from '@entry/routes';
import { Button, Card, Flex, Link, PageHeader, Spinner, StatusMessage, StatusText, Text } from '@entry/ui';
import { readServerProblem } from '../../lib/server-problem.ts';
import { AcceptInvitationForm } from './accept-invitation-form.tsx';

type Lookup =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'invalid' }
  | { state: 'failed' }
  | { state: 'open'; invite: TutorInvite };

const toLookup = (error: unknown): Lookup => {
  if (error instanceof MissingParamsError) return { state: 'missing' };
  if (error instanceof ApiError && error.status === 404) return { state: 'invalid' };
  return { state: 'failed' };
};

/** A student already signed in accepts in one click, as themselves; anyone else uses the form below. */
const SignedInStudent = ({ token, onAccepted }: { token: string; onAccepted: () => void }) => {
  const { t } = useRegistrationTranslation();
  const user = useAuthStore((state) => state.user);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (user?.base !== 'student') return null;
  const name = user.displayName ?? String(user.id_user);
  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await linkStudentToTutor({ tutorInviteToken: token, studentId: user.id_user });
      onAccepted();
    } catch (error) {
      setFailure(t(readServerProblem(error).key));
      setBusy(false);
    }
  };
  return (
    <Flex direction="column" gap="3" align="start">
      <Text as="p">{t('invite.signedInAs', { name })}</Text>
      <Button size="3" loading={busy} onClick={() => void accept()}>
        {t('invite.acceptAs', { name })}
      </Button>
      {failure && (
        <StatusMessage tone="error" role="alert">
          <StatusText>{failure}</StatusText>
        </StatusMessage>
      )}
      <Text as="p" size="2">
        {t('invite.otherStudent')}
      </Text>
    </Flex>
  );
};

/** The invitation accepted: the link with the tutor is made, said before the student goes on to their account. */
const Accepted = ({ tutorName }: { tutorName: string }) => {
  const { t } = useRegistrationTranslation();
  return (
    <Flex direction="column" gap="4" align="start">
      <StatusMessage tone="success" role="status">
        <StatusText>{t('invite.accepted.body', { tutorName })}</StatusText>
      </StatusMessage>
      <Button size="3" onClick={() => handOffSignedIn(null)}>
        {t('invite.accepted.continue')}
      </Button>
    </Flex>
  );
};

/** `/invitation?token=...`: a tutor's invitation, which a student accepts with their credentials. */
export const InvitationScreen = () => {
  const { t } = useRegistrationTranslation();
  // The token leaves the address bar before any third-party script may read it.
  const { secrets, pending } = useAddressSecrets();
  const token = secrets.token ?? '';
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    if (pending) return;
    let current = true;
    getTutorInvite(token).then(
      (invite) => current && setLookup({ state: 'open', invite }),
      (error: unknown) => current && setLookup(toLookup(error)),
    );
    return () => {
      current = false;
    };
  }, [token, attempt, pending]);

  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 480 }}>
        <PageHeader
          title={t('invitation.title')}
          heading={accepted && lookup.state === 'open' ? t('invite.accepted.heading', { tutorName: lookup.invite.tutorName }) : t('invitation.heading')}
        />
        {lookup.state === 'loading' && (
          <Flex align="center" gap="2" role="status">
            <Spinner />
            <Text>{t('invite.loading')}</Text>
          </Flex>
        )}
        {lookup.state === 'missing' && (
          <StatusMessage tone="error" role="alert">
            <StatusText>{t('invite.missingToken')}</StatusText>
            <StatusText>{t('invite.missingTokenHelp')}</StatusText>
          </StatusMessage>
        )}
        {lookup.state === 'invalid' && (
          <StatusMessage tone="error" role="alert">
            <StatusText>{t('invite.invalid')}</StatusText>
          </StatusMessage>
        )}
        {lookup.state === 'failed' && (
          <Flex direction="column" gap="3" align="start">
            <StatusMessage tone="error" role="alert">
              <StatusText>{t('errors.network')}</StatusText>
            </StatusMessage>
            <Button
              variant="soft"
              onClick={() => {
                setLookup({ state: 'loading' });
                setAttempt((count) => count + 1);
              }}
            >
              {t('invite.retry')}
            </Button>
          </Flex>
        )}
        {accepted && lookup.state === 'open' && <Accepted tutorName={lookup.invite.tutorName} />}
        {!accepted && lookup.state === 'open' && (
          <Flex direction="column" gap="4">
            <Text as="p" size="3">
              {t('invite.lead', { tutorName: lookup.invite.tutorName })}
            </Text>
            <SignedInStudent token={token} onAccepted={() => setAccepted(true)} />
            <AcceptInvitationForm token={token} onAccepted={() => setAccepted(true)} />
            <Text as="p" size="2">
              {t('invite.noAccount')}{' '}
              <Link asChild underline="always">
                <RouterLink to={getHref('registerParent')} onClick={() => keepAddressSecrets('registerParent', { code: token })}>
                  {t('invite.parentSignUp')}
                </RouterLink>
              </Link>
            </Text>
          </Flex>
        )}
      </Card>
    </Flex>
  );
};
