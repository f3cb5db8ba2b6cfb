import { describe, expect, it } from 'vitest';
import { routeIds } from '@entry/routes';
import { rendersNothing, SAMPLE_PATHS } from './version-check.ts';
import { routeOfPath } from './version-set.ts';

describe('the release check', () => {
  it('has a sample address for every route, which the route table maps back to that route', () => {
    for (const id of routeIds) expect(routeOfPath(`/public${SAMPLE_PATHS[id]}`)?.id).toBe(id);
  });

  it('counts a page whose main region holds no text as rendering nothing', () => {
    expect(rendersNothing('<div id="root"><header>Atom</header><main id="main"><div><!--$--><!--/$--></div></main></div>')).toBe(true);
    expect(rendersNothing('<div id="root"><main id="main"><div><!--$--><h1>Sign up</h1><!--/$--></div></main></div>')).toBe(false);
  });

  it('counts a page with an empty root as rendering nothing, and one without a main region by its root', () => {
    expect(rendersNothing('<body><div id="root"></div></body>')).toBe(true);
    expect(rendersNothing('<body><div id="root"><p>Demo</p></div></body>')).toBe(false);
  });
});
