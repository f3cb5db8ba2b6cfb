import { useId } from 'react';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Button, Flex, Text, TextInput, useFormContext } from '@entry/ui';
import '../../lib/layout.css';
import { USERNAME } from '../../lib/patterns.ts';
import { useUsernameAvailability } from './use-username-availability.ts';
import { useUsernameSuggestions } from './use-username-suggestions.ts';

type UsernameValues = { firstName: string; lastName: string; username: string };

/**
 * The child's username: typed, or picked from suggestions that appear once both names are set.
 * A status line says whether the one in the field is free.
 */
export const UsernameField = () => {
  const { t } = useRegistrationTranslation();
  const id = useId();
  const { watch, setValue } = useFormContext<UsernameValues>();
  const [firstName, lastName, username] = watch(['firstName', 'lastName', 'username']);
  const suggestions = useUsernameSuggestions(firstName ?? '', lastName ?? '');
  const availability = useUsernameAvailability(username ?? '');
  const wanted = (username ?? '').trim().toLowerCase();
  const namesGiven = Boolean(firstName?.trim() && lastName?.trim());
  const status = availability === 'unknown' ? '' : t(`student.${availability}`, { username: wanted });

  return (
    <Flex direction="column" gap="2">
      <TextInput<UsernameValues>
        name="username"
        label={t('student.username')}
        autoComplete="off"
        rules={{ required: t('errors.required'), pattern: { value: USERNAME, message: t('student.invalidUsername') } }}
      />
      <Text as="p" size="2" role="status" className="registration-status" color={availability === 'taken' ? 'red' : 'gray'}>
        {status}
      </Text>
      {suggestions.length > 0 && (
        <Flex direction="column" gap="2" role="group" aria-labelledby={`${id}-suggestions`}>
          <Text id={`${id}-suggestions`} size="2" weight="medium">
            {t('student.suggestions')}
          </Text>
          <Flex gap="2" wrap="wrap">
            {suggestions.map((suggestion) => (
              <Button
                key={suggestion}
                type="button"
                size="2"
                variant={suggestion === wanted ? 'solid' : 'soft'}
                className="registration-suggestion"
                aria-pressed={suggestion === wanted}
                aria-label={t('student.use', { username: suggestion })}
                onClick={() => setValue('username', suggestion, { shouldValidate: true })}
              >
                {suggestion}
              </Button>
            ))}
          </Flex>
        </Flex>
      )}
      {/* The hint asks for the names only while one is missing; once both are there, suggestions follow. */}
      {!namesGiven && (
        <Text as="p" size="1" color="gray">
          {t('student.suggestionsHint')}
        </Text>
      )}
    </Flex>
  );
};
