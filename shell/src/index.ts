// The async boundary lets Module Federation settle shared modules before any app code runs. It starts
// after the first frame: the page the server composed is painted before the app's scripts run.
requestAnimationFrame(() => setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap')));
