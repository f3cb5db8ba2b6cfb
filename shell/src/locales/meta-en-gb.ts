/**
 * Each page's description for search engines and link previews (namespace "shell", under `meta`),
 * by route id; a route without its own has the site's. {{brand}} is the brand's name.
 */
export const metaTexts = {
  meta: {
    imageAlt: 'The {{brand}} logo and name, with the line “Learning and assessment for parents, schools and students”.',
    site: '{{brand}}: online learning and assessment for UK and US school subjects, for families, tutors and schools.',
    description: {
      home: 'Learning and assessment for parents, schools and students: sign up for a free trial, try a taster test, or log in to {{brand}}.',
      login: 'Log in to {{brand}} with your email or username and password, or with Google.',
      register: 'Create a {{brand}} account as a parent or a tutor and start with a free trial.',
      registerParent: 'Sign up as a parent: choose a plan, add your child and start a free trial of {{brand}}.',
      registerTutor: 'Sign up as a tutor to set work and follow your students’ progress on {{brand}}.',
      forgotten: 'Forgotten your {{brand}} password? Ask for a link to choose a new one.',
      demo: 'See {{brand}} in action: practice, mock tests, lessons, assessments and reports, with a sample question.',
      tasterRoot: 'Try a free taster test: familiarisation questions in the style of the real assessment.',
      schoolLanding: 'A school’s online assessment on {{brand}}: what it covers and how to take it.',
      browserSupport: 'The browsers {{brand}} supports, and how to update yours.',
      technicalRequirements: 'What a device needs to run {{brand}}: browser, screen, connection and audio.',
      privacy: 'How {{brand}} collects, uses and protects the personal data of parents, children, tutors and schools.',
      terms: 'The terms of use of {{brand}}: accounts, fair use, tests, trials and subscriptions.',
      help: 'Help with {{brand}}: answers to common questions and how to contact us.',
    },
  },
} as const;
