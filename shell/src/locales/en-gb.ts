/** The shell's en-GB texts (namespace "shell"). */
export const shellTexts = {
  footer: { cookies: 'Cookie preferences', privacy: 'Privacy notice', terms: 'Terms of use' },
  skipLink: 'Skip to main content',
  exam: { candidate: 'Candidate' },
  topBar: { help: 'Help and technical requirements', account: 'Your account', theme: 'Theme' },
  devOverlay: { label: 'Build information', build: 'Build {{release}} · {{brand}}' },
  nav: { label: 'Main', logIn: 'Log in', signUp: 'Sign up', signedIn: 'Signed in as user {{id}}', logOut: 'Log out' },
  loading: 'Loading…',
  session: { continuing: 'You are signed in. Taking you to your account…' },
  release: {
    title: 'A new version is available',
    body: 'Update now to get the latest improvements. Anything you have not saved on this page will be lost.',
    toast: 'A new version of the site is available.',
    update: 'Update',
    later: 'Later',
  },
  browserBanner: {
    label: 'Browser support',
    body: 'Your browser is not supported, so parts of the site may not work.',
    link: 'See the supported browsers',
    dismiss: 'Dismiss',
  },
  errors: {
    fullPage: {
      title: 'Oh no! Something went wrong…',
      body: 'The page could not start. Please try again in a moment.',
      updateBody: 'A newer version of the site is available and may fix this.',
      update: 'Update to the latest version',
      retry: 'Try again',
      feedback: 'Share feedback',
    },
    component: {
      title: 'Whoops!',
      body: 'This part of the page could not be loaded. The rest of the site still works.',
      retry: 'Try again',
    },
    router: {
      title: 'Unexpected Application Error!',
      status: '{{status}} {{statusText}}',
    },
  },
  notFound: {
    title: 'Sorry, this page is missing.',
    home: 'Home',
    audience: {
      school: 'Let’s get back to teaching and learning.',
      parent: 'Let’s get back on track.',
      student: 'Let’s get back on track.',
      questProgress: 'Let’s get back to your Quest for smarter progress tracking.',
      questAdmissions: 'Let’s get back to your Quest for smarter entry assessments.',
    },
  },
  pages: {
    demo: {
      title: 'Demo',
      heading: 'See the platform in action',
      lead: 'Learning for UK and US school subjects, for families, tutors and schools. Try a question as a pupil meets it in a taster test.',
      sample: {
        progress: 'Step {{number}} of {{count}}',
        steps: {
          answer: { heading: 'Answer a question', guide: 'Choose the answer you think is right, then check it.' },
          feedback: { heading: 'See how you did', guide: 'Each answer is marked as soon as a test is handed in, with the reason why.' },
          test: { heading: 'What a test adds', guide: 'A taster test has a handful of questions like this one, against the clock.' },
        },
        prompt: 'Which number is in both the 4 times table and the 6 times table?',
        options: { a: '8', b: '12', c: '18', d: '20' },
        check: 'Check my answer',
        right: 'Right: 12 it is.',
        wrong: 'Not quite: the answer is 12.',
        why: '12 is 3 × 4 and 2 × 6, so it is in both tables. 8 and 20 are only in the 4 times table, and 18 only in the 6 times table.',
        next: 'What a test adds',
        again: 'Try again',
        restart: 'Start the sample again',
        testPoints: {
          clock: 'The clock counts down at the top of the screen, and stays there as you scroll.',
          flags: 'Flag a question to come back to it; the question buttons show which are answered and flagged.',
          marks: 'Hand in when you are done to see your score and every answer explained.',
        },
      },
      featuresHeading: 'What the platform offers',
      features: {
        practice: { title: 'Practice', body: 'Questions pitched at the right level, with help when a child gets stuck.' },
        mockTests: { title: 'Mock tests', body: 'Timed tests in the style of the real thing, marked at once.' },
        lessons: { title: 'Lessons and homework', body: 'Short lessons, and homework set by a teacher or tutor.' },
        assessments: { title: 'Entrance assessments', body: 'Online and paper tests for school admissions, with smarter entry assessments.' },
        journey: { title: 'A learning journey', body: 'A plan that moves on as a child masters each topic, with rewards along the way.' },
        reports: { title: 'Reports', body: 'Progress for parents and tutors, attainment reports for schools.' },
      },
      signUp: 'Create an account',
      logIn: 'Log in',
    },
    unsubscribe: {
      title: 'Unsubscribe',
      heading: 'Unsubscribe from emails',
      question: 'Stop sending {{kind}} to this account?',
      confirm: 'Unsubscribe',
      done: 'Done. You will no longer get {{kind}}.',
      failed: 'We could not unsubscribe you just now. Please try again.',
      incomplete:
        'This unsubscribe link is not complete. Open the “Unsubscribe” link in one of our emails about {{kind}} again, or copy the whole address from it.',
      types: {
        newsletter: 'our newsletter',
        marketing: 'marketing emails',
        reports: 'progress report emails',
        reminders: 'reminder emails',
      },
    },
    browserSupport: {
      title: 'Browser support',
      heading: 'Supported browsers',
      lead: 'The site works in these browsers and their newer versions.',
    },
    technicalRequirements: {
      title: 'Technical requirements',
      heading: 'Technical requirements',
      lead: 'What a computer or tablet needs to use the platform and sit online tests.',
      devices: 'Your device',
      browsers: 'Your browser',
      items: {
        javascript: 'JavaScript switched on.',
        cookies: 'Cookies allowed for this site (needed to stay signed in).',
        connection: 'An internet connection. Online tests keep answers given during a short drop and send them when the connection is back.',
        screen: 'A screen at least 1024 pixels wide for tests; a tablet in landscape works too.',
        sound: 'Speakers or headphones for questions with audio.',
      },
    },
    privacy: {
      title: 'Privacy notice',
      heading: 'Privacy notice',
      lead: 'How {{brand}} uses the personal data of parents, pupils, tutors and schools.',
      sections: {
        who: {
          heading: 'Who we are',
          body: '{{brand}} is run by Atom Learning Ltd, the controller of the data of accounts made on this site. When a school uses the platform for its assessments, the school controls its pupils’ results and we process them for it.',
        },
        what: {
          heading: 'What we collect',
          body: 'What you give us when you sign up (names, email address, a child’s year group and username), what learners do on the platform (answers, scores, time taken), and what keeps the site secure (the address of your device, your browser). Taster tests keep their answers on your device only.',
        },
        why: {
          heading: 'Why we use it',
          body: 'To run your account and the learning you chose, to show progress to parents, tutors and schools, to keep the site safe and, only with your permission, to measure and improve it.',
        },
        cookies: {
          heading: 'Cookies',
          body: 'Necessary cookies keep you signed in and the site secure. Cookies for analytics, advertising and extra features are used only with your permission where the law asks for it, and you can change your choice at any time.',
        },
        children: {
          heading: 'Children',
          body: 'Accounts for children are made by a parent, a tutor or a school. We never show children advertising and never sell anyone’s data.',
        },
        keep: {
          heading: 'How long we keep it',
          body: 'While your account is open, and for up to 12 months after it closes, unless the law asks us to keep it longer.',
        },
        rights: {
          heading: 'Your rights',
          body: 'You can ask for a copy of your data, ask us to correct or delete it, or object to how we use it: write to privacy@atomlearning.example. You can also complain to the Information Commissioner’s Office (ico.org.uk).',
        },
      },
    },
    terms: {
      title: 'Terms of use',
      heading: 'Terms of use',
      lead: 'The rules for using {{brand}}. By using the site you agree to them.',
      sections: {
        account: {
          heading: 'Your account',
          body: 'Keep your password to yourself. A parent or tutor is responsible for the accounts they make for children.',
        },
        use: {
          heading: 'Fair use',
          body: 'Use the platform for learning and assessment only. Do not copy questions, share access codes, or try to break or overload the site.',
        },
        tests: {
          heading: 'Tests and results',
          body: 'Taster tests are practice: their scores are a guide only. Entrance and summative assessments are set and marked under the school’s own rules, and the school decides what their results mean.',
        },
        subscriptions: {
          heading: 'Trials and subscriptions',
          body: 'Every plan starts with a free trial and no card. If you carry on after it, you pay the price shown when you subscribe, and you can cancel before the next payment.',
        },
        changes: {
          heading: 'Changes to these terms',
          body: 'We may change these terms. We tell account holders by email at least 30 days before a change that affects them.',
        },
        contact: {
          heading: 'Contact',
          body: 'Questions about these terms: support@atomlearning.example.',
        },
      },
    },
    browsers: {
      caption: 'Oldest supported version of each browser',
      browser: 'Browser',
      minimum: 'Version',
      orNewer: '{{version}} or newer',
      supported: 'Your browser is supported.',
      unsupported: 'Your browser is not supported: please update it or use one of these.',
    },
  },
} as const;
