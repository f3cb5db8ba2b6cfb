/**
 * The privacy notice's and terms' en-GB texts (namespace "shell", under `pages`): added by their page
 * when it loads, so that no other page carries them.
 */
export const legalTexts = {
  pages: {
    lastUpdated: 'Last updated: {{date}}',
    companyRegistration: 'Company number {{number}}. Registered office: {{office}}.',
    cookieSettings: 'Cookie settings',
    privacy: {
      title: 'Privacy notice',
      heading: 'Privacy notice',
      lead: 'How {{brand}} uses the personal data of parents, pupils, tutors and schools.',
      sections: {
        who: {
          heading: 'Who we are',
          body: '{{brand}} is run by {{company}}, registered in {{registeredIn}}, the controller of the data of accounts made on this site. When a school uses the platform for its assessments, the school controls its pupils’ results and we process them for it. Write to us at {{privacyEmail}}.',
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
          body: 'Necessary cookies keep you signed in and the site secure. Cookies for analytics, advertising and extra features are used only with your permission where the law asks for it, and you can change your choice at any time in the cookie settings.',
        },
        children: {
          heading: 'Children',
          body: 'Accounts for children are made by a parent, a tutor or a school. We never show children advertising and never sell anyone’s data.',
        },
        usFamilies: {
          heading: 'Families in the United States (COPPA)',
          body: 'We follow the Children’s Online Privacy Protection Act. An account for a child under 13 is made only by a parent, a tutor acting for the parent, or a school with the parent’s consent; we never let a child under 13 sign up alone. From a child under 13 we collect only a first name, a username and password, a year group, and the answers, scores and time taken in the learning, used only to run the learning and report it to the parent, tutor or school. We do not show them advertising or sell their data. A parent can review the child’s information, have it deleted, or refuse further collection at any time: write to {{privacyEmail}} from the email address of the account, and we answer within 30 days.',
        },
        keep: {
          heading: 'How long we keep it',
          body: 'While your account is open, and for up to 12 months after it closes, unless the law asks us to keep it longer.',
        },
        rights: {
          heading: 'Your rights',
          body: 'You can ask for a copy of your data, ask us to correct or delete it, or object to how we use it: write to {{privacyEmail}}. You can also complain to the Information Commissioner’s Office (ico.org.uk).',
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
          body: '{{brand}} is provided by {{company}}, registered in {{registeredIn}}. Questions about these terms: {{supportEmail}}.',
        },
      },
    },
  },
} as const;
