import { useTranslation } from '@entry/i18n';
import { Flex, Text } from '@entry/ui';
import './questions.css';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import '../locales.ts';

export type NavItem = { id_question: number; answered: boolean; flagged: boolean };

type Props = { items: NavItem[]; position: number; onGo: (position: number) => void; showFlags?: boolean };

const stateKey = ({ answered, flagged }: NavItem) =>
  `nav.${answered ? 'answered' : 'notAnswered'}${flagged ? 'Flagged' : ''}` as const;

/**
 * Every question as a button: the current one ringed, answered ones filled, flagged ones with a
 * flag; above them how many are answered, under them the key.
 */
export const QuestionNav = ({ items, position, onGo, showFlags = true }: Props) => {
  const { t } = useTranslation('exam-kit');
  const answered = items.filter((item) => item.answered).length;
  return (
    <nav aria-label={t('nav.navLabel')} className="question-nav">
      <Text as="p" size="2" mb="2" className="question-nav-muted">
        {t('nav.answeredCount', { answered, total: items.length })}
      </Text>
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
      {/*
        The swatches are drawn by the buttons' own rules, so the key always matches them. Its text is
        gray by a class, not by Radix's color prop: that prop would turn the accent gray inside it.
      */}
      <Flex gap="4" mt="2" wrap="wrap" aria-hidden="true" className="question-nav-muted">
        <Text size="1">
          <span className="question-nav-key" data-answered /> {t('nav.legendAnswered')}
        </Text>
        <Text size="1">
          <span className="question-nav-key" /> {t('nav.legendNotAnswered')}
        </Text>
        {showFlags && (
          <Text size="1">
            <span className="question-nav-key-flag">⚑</span> {t('nav.legendFlagged')}
          </Text>
        )}
      </Flex>
    </nav>
  );
};
