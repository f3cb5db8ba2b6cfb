// The async boundary lets Module Federation settle shared modules before any app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
