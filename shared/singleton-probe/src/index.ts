export { probeSingletons } from './probe-singletons.ts';
