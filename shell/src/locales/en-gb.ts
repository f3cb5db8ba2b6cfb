/** The shell's en-GB texts (namespace "shell"). */
export const shellTexts = {
  brand: { atom: 'Atom Learning', quest: 'Atom Quest' },
  nav: { label: 'Main', logIn: 'Log in', signUp: 'Sign up', signedIn: 'Signed in as user {{id}}' },
  loading: 'Loading…',
  errors: {
    fullPage: {
      title: 'Oh no! Something went wrong…',
      body: 'The page could not start. Please try again in a moment.',
      retry: 'Try again',
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
    demo: { title: 'Demo', heading: 'See the platform in action' },
    unsubscribe: { title: 'Unsubscribe', heading: 'Unsubscribe from emails' },
    browserSupport: { title: 'Browser support', heading: 'Supported browsers' },
    technicalRequirements: { title: 'Technical requirements', heading: 'Technical requirements' },
  },
} as const;
