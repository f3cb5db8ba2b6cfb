import { type FormEvent, useId, useState } from 'react';
import { ALWAYS_ON_COOKIE_CATEGORIES, COOKIE_CATEGORIES, type CookieCategory, type CookieConsent } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { Button, Dialog, Flex, Text } from '@entry/ui';

type Props = {
  /** What is granted now; the form starts from it. */
  granted: CookieConsent;
  onSave: (choice: CookieConsent) => void;
  onClose: () => void;
};

const alwaysOn = (category: CookieCategory) => (ALWAYS_ON_COOKIE_CATEGORIES as readonly CookieCategory[]).includes(category);

const CategoryField = ({ category, checked, onChange }: { category: CookieCategory; checked: boolean; onChange: (on: boolean) => void }) => {
  const { t } = useTranslation('consent');
  const id = useId();
  // The label holds the box and the name, so the whole row is one 44 px target.
  return (
    <div className="consent-category">
      <Text as="label" htmlFor={id} weight="bold" className="consent-category-choice">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={alwaysOn(category)}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange(event.target.checked)}
        />
        {t(`categories.${category}.name`)}
      </Text>
      <Text id={`${id}-description`} size="2" color="gray" className="consent-category-description">
        {t(`categories.${category}.description`)}
      </Text>
    </div>
  );
};

/** One checkbox per category, necessary shown on and fixed. Mounted only while open. */
export const ConsentPreferences = ({ granted, onSave, onClose }: Props) => {
  const { t } = useTranslation('consent');
  const [choice, setChoice] = useState<CookieConsent>(granted);
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave(choice);
  };
  return (
    <Dialog
      title={t('preferences.title')}
      description={t('preferences.description')}
      size="sm"
      open
      onOpenChange={(open) => !open && onClose()}
    >
      <form onSubmit={save}>
        <Flex direction="column" gap="4" mt="4">
          {COOKIE_CATEGORIES.map((category) => (
            <CategoryField
              key={category}
              category={category}
              checked={choice[category]}
              onChange={(on) => setChoice((current) => ({ ...current, [category]: on }))}
            />
          ))}
          <Flex justify="end" gap="3" wrap="wrap">
            <Button type="button" variant="soft" color="gray" onClick={onClose}>
              {t('preferences.cancel')}
            </Button>
            <Button type="submit">{t('preferences.save')}</Button>
          </Flex>
        </Flex>
      </form>
    </Dialog>
  );
};
