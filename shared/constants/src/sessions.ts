export const SESSION_KINDS = ['PRACTICE', 'MOCK_TEST', 'HOMEWORK', 'LESSON', 'MINI_TEST', 'ASSESSMENT'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const SESSION_TYPES = ['mock_session', 'entrance_exam', 'summative_assessment'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const SESSION_DELIVERIES = ['online', 'paper_test'] as const;
export type SessionDelivery = (typeof SESSION_DELIVERIES)[number];

export const PAPER_TEST_FONT_SIZES = ['12pt', '16pt'] as const;
export type PaperTestFontSize = (typeof PAPER_TEST_FONT_SIZES)[number];
