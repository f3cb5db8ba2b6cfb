// The app's code is a chunk of its own that starts after the first frame: the page the server composed
// is painted before the app's scripts run.
requestAnimationFrame(() => setTimeout(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap')));
