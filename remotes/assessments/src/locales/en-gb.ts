/** The assessments remote's en-GB texts (namespace 'assessments'). */
export const assessmentsTexts = {
  assessments: { title: 'Assessment', heading: 'Your assessment' },
  schoolLanding: { title: 'School assessment', heading: 'School assessment' },
} as const;
