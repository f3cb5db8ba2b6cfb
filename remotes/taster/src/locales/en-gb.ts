/** The taster remote's en-GB texts (namespace 'taster'). */
export const tasterTexts = {
  tasterRoot: { title: 'Taster tests', heading: 'Try a taster test' },
  tasterSelection: { title: 'Choose a test', heading: 'Choose a familiarisation test' },
  tasterTest: { title: 'Familiarisation test', heading: 'Familiarisation test' },
} as const;
