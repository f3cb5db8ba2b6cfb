import { useId } from 'react';
import { useTranslation } from '@entry/i18n';
import { BRANDS, Flex, Text, type Brand } from '@entry/ui';
import { env } from '../../app/env.ts';
import { useBrandStore } from './brand-store.ts';

/** Lets developers and preview reviewers see both brands; production builds never render it. */
export const BrandSwitcher = () => {
  const { t } = useTranslation('shell');
  const id = useId();
  const { brand, setBrand } = useBrandStore();
  if (!env.themeSwitcher) return null;
  return (
    <Flex align="center" gap="1" className="shell-brand-switcher">
      <Text as="label" size="1" htmlFor={id} className="shell-brand-switcher-label">
        {t('topBar.theme')}
      </Text>
      <select id={id} value={brand} onChange={(event) => setBrand(event.target.value as Brand)}>
        {BRANDS.map((name) => (
          <option key={name} value={name}>
            {t(`brand.${name}`, { ns: 'ui' })}
          </option>
        ))}
      </select>
    </Flex>
  );
};
