import { findDuplicates } from '@entry/federation';

const reported = new Set<string>();

/** Reports, once each, any singleton a remote brought its own copy of. */
export const reportDuplicateSingletons = () => {
  for (const duplicate of findDuplicates()) {
    const key = `${duplicate.name}:${duplicate.owners.join(',')}`;
    if (reported.has(key)) continue;
    reported.add(key);
    console.error(`Duplicate singleton "${duplicate.name}" loaded by: ${duplicate.owners.join(', ')}`);
  }
};
