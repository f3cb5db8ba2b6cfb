import { useTranslation } from '@entry/i18n';
import { Flex, Text } from '@entry/ui';
import './questions.css';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import '../locales.ts';

export type NavItem = { id_question: number; answered: boolean; flagged: boolean };

type Props = { items: NavItem[]; position: number; onGo: (position: number) => void; showFlags?: boolean };

const stateKey = ({ answered, flagged }: NavItem) =>
  `nav.${answered ? 'answered' : 'notAnswered'}${flagged ? 'Flagged' : ''}` as const;

/** Every question as a button: the current one marked, answered ones filled, flagged ones with a flag. */
export const QuestionNav = ({ items, position, onGo, showFlags = true }: Props) => {
  const { t } = useTranslation('exam-kit');
  return (
    <nav aria-label={t('nav.navLabel')} className="question-nav">
      <ol>
        {items.map((item, index) => (
          <li key={item.id_question}>
            <button
              type="button"
              className="question-nav-button"
              aria-current={index === position ? 'step' : undefined}
              data-answered={item.answered || undefined}
              aria-label={t('nav.navButton', { number: index + 1, state: t(stateKey(item)) })}
              onClick={() => onGo(index)}
            >
              {index + 1}
              {item.flagged && (
                <span className="question-nav-flag" aria-hidden="true">
                  ⚑
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
      <Flex gap="4" mt="2" aria-hidden="true">
        <Text size="1" color="gray">
          <span className="question-nav-key" data-answered /> {t('nav.legendAnswered')}
        </Text>
        {showFlags && (
          <Text size="1" color="gray">
            ⚑ {t('nav.legendFlagged')}
          </Text>
        )}
      </Flex>
    </nav>
  );
};
