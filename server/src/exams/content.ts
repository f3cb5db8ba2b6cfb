import type { Difficulty, QuestionType, ScoringMethod, SessionType, Subject } from '@entry/constants';
import type { AnswerKey, QuestionBody } from './questions.ts';

/**
 * The reference exam content: two schools (one per brand), their taster groups and familiarisation
 * tests, and one assessment each. Every test and both assessment papers hold every question type.
 * Ids are fixed so links (and the e2e tests) can name them; question ids are config * 100 + position.
 */
/** explanation: why the right answer is right, shown with a taster's result (assessment papers have none). */
export type SeedQuestion = { type: QuestionType; prompt: string; body: QuestionBody; key: AnswerKey; explanation?: string };

export type SeedConfig = {
  id_exam_config: number;
  /** null for an assessment paper: it is never offered as a taster. */
  id_exam_group: number | null;
  title: string;
  subject: Subject;
  difficulty: Difficulty;
  time_limit_seconds: number;
  scoring_method: ScoringMethod;
  questions: SeedQuestion[];
};

const LETTERS = 'abcdefgh';
const options = (labels: string[]) => ({ options: labels.map((label, index) => ({ id: LETTERS[index] as string, label })) });
const letter = (index: number) => LETTERS[index] as string;

const choice = (prompt: string, labels: string[], correct: number, explanation?: string): SeedQuestion => ({
  type: 'choice',
  prompt,
  explanation,
  body: options(labels),
  key: { option: letter(correct) },
});
const multi = (prompt: string, labels: string[], correct: number[], explanation?: string): SeedQuestion => ({
  type: 'multi_choice',
  prompt,
  explanation,
  body: options(labels),
  key: { options: correct.map(letter) },
});
const short = (prompt: string, accept: string[], explanation?: string): SeedQuestion => ({
  type: 'freetext',
  prompt,
  explanation,
  body: { max_length: 60 },
  key: { accept },
});
const range = (
  prompt: string,
  scale: { min: number; max: number; step: number; unit?: string },
  value: number,
  explanation?: string,
): SeedQuestion => ({
  type: 'range',
  prompt,
  explanation,
  body: { unit: '', ...scale },
  key: { value, tolerance: 0 },
});
const sentence = (prompt: string, keywords: string[][], model: string, explanation?: string): SeedQuestion => ({
  type: 'freetext_mid',
  prompt,
  explanation,
  body: { max_length: 400 },
  key: { keywords, model },
});
// 3000 characters (about 500 words) keep an answer, even in 4-byte characters, under the 16 KiB body limit.
const extended = (prompt: string, model: string, explanation?: string): SeedQuestion => ({
  type: 'freetext_long',
  prompt,
  explanation,
  body: { max_length: 3000 },
  key: { model },
});

const minutes = (count: number) => count * 60;

export const SEED_SCHOOLS = [
  { id_school_customer: 1001, name: 'Oakwood School', brand: 'atom', taster_slug: 'oakwood' },
  { id_school_customer: 1002, name: 'Riverside Academy', brand: 'quest', taster_slug: 'riverside' },
] as const;

export const SEED_GROUPS = [
  { id_exam_group: 1, id_school_customer: 1001, name: 'Year 7 entry (11+)', description: 'Short tests in the style of our Year 7 entrance assessment: maths, English and reasoning.' },
  { id_exam_group: 2, id_school_customer: 1001, name: 'Year 9 entry (13+)', description: 'Science and maths at the level of our Year 9 entrance assessment.' },
  { id_exam_group: 3, id_school_customer: 1001, name: 'Sixth form entry', description: 'A taste of the maths paper for sixth-form applicants.' },
  { id_exam_group: 4, id_school_customer: 1002, name: 'Year 7 end-of-year check', description: 'Practise the question types of the summative assessment at the end of Year 7.' },
] as const;

const PASSAGE =
  'Read the passage, then answer.\n\n“The lighthouse keeper climbed the spiral stairs every evening at dusk. The lamp had to be lit before the fishing boats turned for home, and in forty years he had never once been late.”';

export const SEED_CONFIGS: SeedConfig[] = [
  {
    id_exam_config: 1,
    id_exam_group: 1,
    title: 'Maths warm-up',
    subject: 'maths',
    difficulty: 'easy',
    time_limit_seconds: minutes(8),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('What is three quarters of 20?', ['10', '12', '15', '16'], 2, 'A quarter of 20 is 20 ÷ 4 = 5, so three quarters is 3 × 5 = 15.'),
      multi('Which of these numbers are prime?', ['2', '9', '11', '15', '17'], [0, 2, 4], 'A prime number has exactly two factors, 1 and itself: 2, 11 and 17 do. 9 = 3 × 3 and 15 = 3 × 5 are not prime.'),
      short('Write 0.25 as a fraction in its simplest form.', ['1/4', '¼', 'one quarter', 'a quarter'], '0.25 is 25 hundredths, 25/100. Dividing the top and the bottom by 25 gives 1/4.'),
      range('A right angle is cut exactly in half. How many degrees is each part?', { min: 0, max: 180, step: 5, unit: '°' }, 45, 'A right angle is 90°, and half of 90° is 45°.'),
      sentence(
        'Explain how you could check that 48 ÷ 6 = 8 without dividing.',
        [['multipl', 'times', '×', ' x ']],
        'Multiply back: 8 × 6 = 48, so 48 ÷ 6 must be 8.',
        'Multiplying undoes dividing, so any answer that multiplies 8 by 6 and gets 48 is a correct check.',
      ),
      extended(
        'A school trip costs £12 for each pupil and 28 pupils are going. Show how you would work out the total cost, explaining each step.',
        'Split the multiplication: 28 × 12 = 28 × 10 + 28 × 2 = 280 + 56 = £336.',
        'Splitting 12 into 10 + 2 turns one hard multiplication into two easy ones; showing each step is what earns the marks.',
      ),
    ],
  },
  {
    id_exam_config: 2,
    id_exam_group: 1,
    title: 'English: reading and writing',
    subject: 'english',
    difficulty: 'medium',
    time_limit_seconds: minutes(12),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice(`${PASSAGE}\n\nWhat does “dusk” mean?`, ['Early morning', 'The time when it is getting dark', 'Midday', 'A kind of lamp'], 1, 'Dusk is the time just after sunset when it is getting dark: that is why the keeper lights the lamp then.'),
      multi('Which two words in this sentence are adjectives? “The tired keeper climbed the narrow stairs.”', ['tired', 'keeper', 'climbed', 'narrow', 'stairs'], [0, 3], 'Adjectives describe nouns: “tired” describes the keeper and “narrow” describes the stairs. “Keeper” and “stairs” are nouns, and “climbed” is a verb.'),
      short('Write the plural of “lighthouse keeper”.', ['lighthouse keepers'], 'In a compound noun the main word takes the plural: there are several keepers, so it is “lighthouse keepers”.'),
      range(`${PASSAGE}\n\nFor how many years had the keeper never been late?`, { min: 0, max: 60, step: 5, unit: ' years' }, 40, 'The passage says “in forty years he had never once been late”.'),
      sentence(
        `${PASSAGE}\n\nWhy did the lamp have to be lit before the boats turned for home?`,
        [['see', 'find', 'guide', 'safe', 'way']],
        'So that the fishermen could see the light and find their way home safely in the dark.',
        'The passage links the lamp with the boats turning for home: its light shows the fishermen the way in the dark, so an answer about seeing or finding the way is right.',
      ),
      extended(
        'Continue the story: one evening the keeper finds the door at the top of the stairs locked. Write the next paragraph.',
        'A strong answer keeps the same narrator and tense, builds tension, and chooses precise verbs and adjectives.',
        'There is no single right answer: a teacher looks for a paragraph that follows on from the story and makes the reader want to know who locked the door.',
      ),
    ],
  },
  {
    id_exam_config: 3,
    id_exam_group: 1,
    title: 'Verbal reasoning',
    subject: 'verbal_reasoning',
    difficulty: 'medium',
    time_limit_seconds: minutes(6),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('Which word is the odd one out?', ['apple', 'banana', 'carrot', 'cherry'], 2, 'Apple, banana and cherry are fruits; a carrot is a vegetable.'),
      short('Which letters come next? AB, CD, EF, …', ['GH'], 'Each pair is the next two letters of the alphabet: AB, CD, EF, so GH comes next.'),
      multi('Which words mean the same as “begin”?', ['start', 'finish', 'commence', 'pause'], [0, 2], '“Start” and “commence” both mean begin. “Finish” means the opposite, and “pause” means to stop for a while.'),
    ],
  },
  {
    id_exam_config: 4,
    id_exam_group: 1,
    title: 'Non-verbal reasoning',
    subject: 'non_verbal_reasoning',
    difficulty: 'hard',
    time_limit_seconds: minutes(5),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('A shape has four equal sides and four right angles. It is turned a quarter turn clockwise. What shape is it now?', ['Square', 'Rectangle', 'Kite', 'Trapezium'], 0, 'Four equal sides and four right angles make a square, and turning a shape does not change it: it is still a square.'),
      range('How many lines of symmetry does a regular hexagon have?', { min: 0, max: 12, step: 1 }, 6, 'A regular hexagon has 6 lines of symmetry: 3 through opposite corners and 3 through the middles of opposite sides.'),
      short('A pattern has 1 dot, then 3 dots, then 6 dots, then 10 dots. How many dots come next?', ['15', 'fifteen'], 'The number added grows by one each time: +2, +3, +4. The next step is +5, and 10 + 5 = 15.'),
    ],
  },
  {
    id_exam_config: 5,
    id_exam_group: 2,
    title: 'Science',
    subject: 'science',
    difficulty: 'medium',
    time_limit_seconds: minutes(6),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('Which gas do plants take in for photosynthesis?', ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'], 1, 'In photosynthesis plants use light to turn carbon dioxide and water into glucose, and give out oxygen.'),
      multi('Which of these are metals?', ['Copper', 'Sulfur', 'Iron', 'Oxygen', 'Magnesium'], [0, 2, 4], 'Copper, iron and magnesium are metals: shiny, and good conductors of heat and electricity. Sulfur and oxygen are non-metals.'),
      sentence('Explain why a puddle gets smaller on a sunny day.', [['evaporat']], 'The Sun heats the water, which evaporates into the air as water vapour.', 'The key word is evaporation: heat gives the water’s particles enough energy to escape into the air as water vapour.'),
    ],
  },
  {
    id_exam_config: 6,
    id_exam_group: 2,
    title: 'Maths',
    subject: 'maths',
    difficulty: 'hard',
    time_limit_seconds: minutes(8),
    scoring_method: 'PERCENTAGE',
    questions: [
      short('Solve 3x + 7 = 22. What is x?', ['5', 'x=5', 'x = 5'], 'Take 7 from both sides: 3x = 15. Divide both sides by 3: x = 5. Check: 3 × 5 + 7 = 22.'),
      choice('What is 15% of 240?', ['24', '30', '36', '48'], 2, '10% of 240 is 24, and 5% is half of that, 12. So 15% is 24 + 12 = 36.'),
      range('Two angles of a triangle are 50° and 60°. How big is the third angle?', { min: 0, max: 180, step: 10, unit: '°' }, 70, 'The angles of a triangle add up to 180°: 180° − 50° − 60° = 70°.'),
    ],
  },
  {
    id_exam_config: 7,
    id_exam_group: 3,
    title: 'Maths: sixth-form entry',
    subject: 'maths',
    difficulty: 'hard',
    time_limit_seconds: minutes(10),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('Differentiate y = x³. What is dy/dx?', ['3x²', 'x²', '3x³', 'x⁴/4'], 0, 'For y = xⁿ, dy/dx = nxⁿ⁻¹: bring the power 3 down in front and lower the power by one, giving 3x².'),
      short('Work out (2³)².', ['64'], '2³ = 8, and 8² = 64. Or multiply the powers: (2³)² = 2⁶ = 64.'),
      multi('Which of these are factors of x² − 9?', ['(x − 3)', '(x + 9)', '(x + 3)', '(x − 9)'], [0, 2], 'x² − 9 is a difference of two squares, x² − 3², so it factorises as (x − 3)(x + 3).'),
      extended(
        'Prove that the sum of any two odd numbers is even.',
        'Write the odd numbers as 2a + 1 and 2b + 1. Their sum is 2a + 2b + 2 = 2(a + b + 1), a multiple of 2, so it is even.',
        'A proof must work for every pair of odd numbers, not just examples: 2a + 1 and 2b + 1 cover them all, and a sum that is 2 × a whole number is even.',
      ),
    ],
  },
  {
    id_exam_config: 8,
    id_exam_group: 4,
    title: 'Maths: end of Year 7',
    subject: 'maths',
    difficulty: 'medium',
    time_limit_seconds: minutes(10),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('Round 3.476 to one decimal place.', ['3.4', '3.5', '3.48', '3.0'], 1, 'Look at the second decimal place: 7 is 5 or more, so the first decimal place rounds up from 4 to 5, giving 3.5.'),
      multi('Which of these are multiples of 4?', ['12', '18', '20', '30', '36'], [0, 2, 4], '12 = 3 × 4, 20 = 5 × 4 and 36 = 9 × 4. 18 and 30 leave a remainder of 2 when divided by 4.'),
      short('What is −3 + 8?', ['5'], 'Start at −3 on a number line and move 8 to the right: 3 steps reach 0, and 5 more reach 5.'),
      range('A bar has four equal parts and three are shaded. What percentage is shaded?', { min: 0, max: 100, step: 5, unit: '%' }, 75, 'Three of four equal parts is 3/4, and 3/4 = 75/100 = 75%.'),
      sentence('Explain why 0.5 and 1/2 are equal.', [['half', '1/2', 'divid', '5/10', 'tenths']], '0.5 is five tenths, and 5/10 simplifies to 1/2: both are one half.', 'Both name the same amount, one whole shared into two equal parts: 1 ÷ 2 = 0.5, and 0.5 is 5/10, which simplifies to 1/2.'),
      extended('Describe two different ways to work out 25 × 16.', 'For example 25 × 16 = 25 × 4 × 4 = 100 × 4 = 400, or 25 × 16 = 20 × 16 + 5 × 16 = 320 + 80 = 400.', 'Any two correct methods count: 25 × 4 = 100 makes splitting 16 into 4 × 4 quick, and splitting 25 into 20 + 5 works too. Both give 400.'),
    ],
  },
  {
    id_exam_config: 9,
    id_exam_group: 4,
    title: 'English: end of Year 7',
    subject: 'english',
    difficulty: 'easy',
    time_limit_seconds: minutes(6),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('Which sentence uses an apostrophe correctly?', ['The dog wagged it’s tail.', 'The dog wagged its tail.', 'The dogs’s tail wagged.', 'The dog wag’ged its tail.'], 1, '“Its” without an apostrophe means belonging to it; “it’s” always means “it is” or “it has”.'),
      short('Write the past tense of “run”.', ['ran'], '“Run” is an irregular verb: its past tense is “ran”, not “runned”.'),
      sentence('What is a simile? Give an example.', [['like', ' as ']], 'A comparison using “like” or “as”, for example “as brave as a lion”.', 'A simile says one thing is like another, using “like” or “as”, to help the reader picture it: “she ran like the wind”. Without “like” or “as” it is a metaphor.'),
    ],
  },
  {
    id_exam_config: 20,
    id_exam_group: null,
    title: 'Year 7 entrance paper',
    subject: 'maths',
    difficulty: 'medium',
    time_limit_seconds: minutes(40),
    scoring_method: 'RASCH',
    questions: [
      choice('Which fraction is the largest?', ['2/3', '3/5', '5/8', '7/12'], 0),
      multi('Which of these are square numbers?', ['16', '24', '36', '50', '81'], [0, 2, 4]),
      short('What is 7 × 8?', ['56']),
      range('A bus leaves at 09:40 and arrives at 10:25. How many minutes is the journey?', { min: 0, max: 120, step: 5, unit: ' minutes' }, 45),
      sentence('A recipe for 4 people uses 200 g of flour. How much flour is needed for 6 people? Explain how you know.', [['300']], '300 g: 200 g for 4 is 50 g a person, and 6 × 50 g = 300 g.'),
      extended('Describe a place you know well so that a reader can picture it.', 'Marked by the school: organisation, vocabulary, description that uses the senses, and accurate punctuation.'),
    ],
  },
  {
    id_exam_config: 21,
    id_exam_group: null,
    title: 'Year 7 summative paper',
    subject: 'maths',
    difficulty: 'medium',
    time_limit_seconds: minutes(30),
    scoring_method: 'PERCENTAGE',
    questions: [
      choice('What is 2³?', ['6', '8', '9', '5'], 1),
      multi('Which of these numbers are even?', ['3', '4', '7', '10'], [1, 3]),
      short('What is 100 − 37?', ['63']),
      range('How many sides does an octagon have?', { min: 0, max: 12, step: 1 }, 8),
      sentence('Explain what a prime number is.', [['factor', 'divis', 'divid']], 'A whole number greater than 1 whose only factors are 1 and itself.'),
      extended('Explain how to find the area of a rectangle, with an example of your own.', 'Multiply the length by the width, e.g. a 5 cm by 3 cm rectangle has an area of 15 cm².'),
    ],
  },
];

export type SeedExam = {
  id_exam: number;
  exam_slug: string;
  school_exam_slug: string;
  id_school_customer: number;
  id_exam_config: number;
  session_type: Exclude<SessionType, 'mock_session'>;
  title: string;
  summary: string;
};

export const SEED_EXAMS: SeedExam[] = [
  {
    id_exam: 1,
    exam_slug: 'oakwood-entrance-2027',
    school_exam_slug: 'oakwood-entrance',
    id_school_customer: 1001,
    id_exam_config: 20,
    session_type: 'entrance_exam',
    title: 'Year 7 entrance assessment 2027',
    summary:
      'For children applying to join Year 7 in September 2027. One online paper of maths, reasoning and writing, taken at the school with an invigilator.',
  },
  {
    id_exam: 2,
    exam_slug: 'riverside-summative-2027',
    school_exam_slug: 'riverside-summative',
    id_school_customer: 1002,
    id_exam_config: 21,
    session_type: 'summative_assessment',
    title: 'Year 7 end-of-year assessment',
    summary: 'Checks what Year 7 pupils have learnt in maths this year. Taken online in class with your teacher as invigilator.',
  },
];

const sqlValue = (value: string | number | null): string => {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replaceAll("'", "''")}'`;
};

/** Question ids are config * 100 + position (from 1). */
const questionId = (id_exam_config: number, index: number) => id_exam_config * 100 + index + 1;

const insert = (table: string, row: Record<string, string | number | null>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.values(row).map(sqlValue).join(', ')});`;

/** The content above as SQL, for the migration that inserts it. */
export const contentSql = (): string =>
  [
    ...SEED_SCHOOLS.map((school) => insert('exam_schools', school)),
    ...SEED_GROUPS.map((group, index) => insert('exam_groups', { ...group, position: index + 1 })),
    ...SEED_CONFIGS.flatMap(({ questions, ...config }, index) => [
      insert('exam_configs', { ...config, position: index + 1 }),
      ...questions.map((question, position) =>
        insert('exam_questions', {
          id_question: questionId(config.id_exam_config, position),
          id_exam_config: config.id_exam_config,
          position: position + 1,
          type: question.type,
          prompt: question.prompt,
          body: JSON.stringify(question.body),
          answer_key: JSON.stringify(question.key),
        }),
      ),
    ]),
    ...SEED_EXAMS.map((exam) => insert('exams', exam)),
  ].join('\n');


/** The explanations of the content above as SQL, for the migration that adds them. */
export const explanationsSql = (): string =>
  SEED_CONFIGS.flatMap(({ id_exam_config, questions }) =>
    questions.flatMap(({ explanation }, index) =>
      explanation === undefined
        ? []
        : [`UPDATE exam_questions SET explanation = ${sqlValue(explanation)} WHERE id_question = ${questionId(id_exam_config, index)};`],
    ),
  ).join('\n');
