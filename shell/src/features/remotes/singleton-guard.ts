import { findDuplicates } from '@entry/federation';
import { reportWarning } from '@entry/telemetry';

const reported = new Set<string>();

/** Reports, once each, any singleton a remote brought its own copy of. */
export const reportDuplicateSingletons = () => {
  for (const duplicate of findDuplicates()) {
    const key = `${duplicate.name}:${duplicate.owners.join(',')}`;
    if (reported.has(key)) continue;
    reported.add(key);
    const message = `Duplicate singleton "${duplicate.name}" loaded by: ${duplicate.owners.join(', ')}`;
    // Seen in the console during development and in telemetry everywhere (it is a broken build).
    console.error(message);
    reportWarning(message, { tags: { singleton: duplicate.name } });
  }
};
