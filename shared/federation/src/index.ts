export {
  findDuplicates,
  getSingletonRegistry,
  registerSingletons,
  type Duplicate,
  type SingletonName,
  type SingletonRegistry,
} from './singleton-registry.ts';
