import { useId, useState } from 'react';
import { useTranslation } from '@entry/i18n';
import { Button, Flex, Text } from '@entry/ui';
import './questions.css';
// Registers the kit's texts; imported here because a bundler may skip the package's index.
import '../locales.ts';

export type NavItem = { id_question: number; answered: boolean; flagged: boolean };

type Props = { items: NavItem[]; position: number; onGo: (position: number) => void; showFlags?: boolean };

const stateKey = ({ answered, flagged }: NavItem) =>
  `nav.${answered ? 'answered' : 'notAnswered'}${flagged ? 'Flagged' : ''}` as const;

/**
 * Every question as a button: the current one ringed, answered ones filled, flagged ones with a
 * flag; above them how many are answered, under them the key. On a phone (under 550 px) the buttons
 * and key fold away behind "All questions", so the question and its answers fill the first screen;
 * going to a question folds them again.
 */
export const QuestionNav = ({ items, position, onGo, showFlags = true }: Props) => {
  const { t } = useTranslation('exam-kit');
  const answered = items.filter((item) => item.answered).length;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <nav aria-label={t('nav.navLabel')} className="question-nav" data-open={open || undefined}>
      <Flex justify="between" align="center" gap="3">
        <Text as="p" size="2" className="question-nav-muted">
          {t('nav.answeredCount', { answered, total: items.length })}
        </Text>
        <Button variant="soft" className="question-nav-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t('nav.toggle')}
          <span aria-hidden="true" className="question-nav-chevron" />
        </Button>
      </Flex>
      <div id={panelId} className="question-nav-panel">
        <ol>
          {items.map((item, index) => (
            <li key={item.id_question}>
              <button
                type="button"
                className="question-nav-button"
                aria-current={index === position ? 'step' : undefined}
                data-answered={item.answered || undefined}
                aria-label={t('nav.navButton', { number: index + 1, state: t(stateKey(item)) })}
                onClick={() => {
                  setOpen(false);
                  onGo(index);
                }}
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
      </div>
    </nav>
  );
};
