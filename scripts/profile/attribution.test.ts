import { describe, expect, it } from 'vitest';
import { median } from '../bench/median.ts';
import {
  analyseRun,
  chunkOf,
  classifySample,
  COMPONENTS,
  displayPackage,
  FEDERATION,
  GC,
  markdownTable,
  medianRecord,
  MODULES,
  ms,
  packageOfSource,
  ratio,
  REACT,
  STYLE_LAYOUT,
  unneededIn,
  type CallFrame,
  type Locate,
  type TraceEvent,
} from './attribution.ts';

const SITE = 'http://127.0.0.1:4403';
const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0): CallFrame => ({ functionName, url, lineNumber, columnNumber });
/** A locator of the tests: a frame's script file names its package. */
const locate: Locate = ({ url }) => ({ pkg: decodeURIComponent(new URL(url).pathname.slice(1)), source: new URL(url).pathname });
const at = (pkg: string, name = 'f') => frame(name, `${SITE}/${encodeURIComponent(pkg)}`);

describe('packageOfSource', () => {
  it('names the innermost node_modules package, scoped ones whole', () => {
    expect(packageOfSource('../../../../node_modules/react-dom/cjs/react-dom-client.production.js', 'shell')).toBe('react-dom');
    expect(packageOfSource('../../node_modules/@module-federation/runtime-core/dist/index.js', 'login')).toBe('@module-federation/runtime-core');
    expect(packageOfSource('node_modules/@radix-ui/themes/node_modules/@radix-ui/react-slot/dist/index.mjs', 'shell')).toBe('@radix-ui/react-slot');
  });

  it("names the workspace's packages, the bundler's runtime and the federation's generated start-up code", () => {
    expect(packageOfSource('../../../../shared/ui/src/submit-button.tsx', 'shell')).toBe('@entry/ui');
    expect(packageOfSource('webpack://webpack/runtime/jsonp_chunk_loading', 'shell')).toBe('rspack runtime');
    expect(packageOfSource(`../../../data:text/javascript,${encodeURIComponent('runtimeRequire.federation.initOptions')}`, 'shell')).toBe('@module-federation/generated');
  });

  it("names an app's own code by the app whose build the map is", () => {
    expect(packageOfSource('../../../../src/features/layout/page-meta.tsx', 'shell')).toBe('shell (own code)');
    expect(packageOfSource('../../../src/features/login/login-form.tsx', 'login')).toBe('login remote (own code)');
    expect(packageOfSource('../../../../../remotes/login/src/screens.tsx', 'bundled')).toBe('login remote (own code)');
    expect(packageOfSource('../../../../scripts/bench/bundled-login.tsx', 'bundled')).toBe('bundled login (own code)');
  });
});

describe('displayPackage and chunkOf', () => {
  it('lists scoped packages under their scope, except the workspace own', () => {
    expect(displayPackage('@radix-ui/react-slot')).toBe('@radix-ui/*');
    expect(displayPackage('@entry/ui')).toBe('@entry/ui');
    expect(displayPackage('react-dom')).toBe('react-dom');
  });

  it("names a script without a map by its file, a remote's with the remote", () => {
    expect(chunkOf(`${SITE}/public/static/js/lib-react.1a2b.js`)).toBe('chunk lib-react.1a2b.js');
    expect(chunkOf(`${SITE}/public/remotes/login/0.1.0-abc/remoteEntry.js`)).toBe('chunk remotes/login/remoteEntry.js');
  });
});

describe('classifySample', () => {
  it("is React's work when React DOM runs, the component's package when React renders one", () => {
    expect(classifySample([at('react-dom', 'performWork')], locate)).toEqual({ category: REACT, pkg: 'react-dom' });
    expect(classifySample([at('react-dom'), at('@radix-ui/themes', 'Button')], locate)).toEqual({ category: COMPONENTS, pkg: '@radix-ui/themes' });
  });

  it("is the federation's when its runtime runs, and a builtin is its caller's", () => {
    expect(classifySample([at('shell (own code)'), at('@module-federation/runtime-core'), frame('satisfy')], locate)).toEqual({ category: FEDERATION, pkg: '@module-federation/runtime-core' });
    expect(classifySample([at('i18next'), frame('JSON.parse')], locate)).toEqual({ category: MODULES, pkg: 'i18next' });
  });

  it('leaves out what is not script: the collector, idle and native time', () => {
    expect(classifySample([frame('(root)'), frame('(garbage collector)')], locate)).toBeUndefined();
    expect(classifySample([frame('(root)'), frame('(program)')], locate)).toBeUndefined();
  });
});

describe('unneededIn', () => {
  it('finds error reporting, flags, toasts, the release notice and other routes, by package or source', () => {
    const stack = [at('@entry/telemetry'), at('@sentry/browser'), at('login remote (own code)'), at('registration remote (own code)')];
    expect(unneededIn(stack, locate, 'login')).toEqual({ self: "other routes' code (registration remote)", within: ['error reporting (Sentry, @entry/telemetry)', "other routes' code (registration remote)"] });
    expect(unneededIn([at('shell (own code)/src/features/release-notice/poll.ts')], locate, 'login').within).toEqual(['release-notice poll']);
    expect(unneededIn([at('@entry/ui'), frame('DateTimeFormat')], locate, 'login')).toEqual({ self: 'Intl formatters', within: ['Intl formatters'] });
  });

  it('finds nothing in what the first tap needs', () => {
    expect(unneededIn([at('react-dom'), at('login remote (own code)')], locate, 'login')).toEqual({ self: undefined, within: [] });
  });
});

describe('analyseRun', () => {
  const PID = 7;
  const MAIN = 1;
  const x = (name: string, ts: number, dur: number, tdur?: number): TraceEvent => ({ name, ph: 'X', pid: PID, tid: MAIN, ts, dur, ...(tdur === undefined ? {} : { tdur }) });
  const url = `${SITE}/public/login`;
  const profile = (samples: [CallFrame[], number][], startTime: number): TraceEvent[] => {
    const nodes: { id: number; parent?: number; callFrame: CallFrame }[] = [];
    const ids = samples.map(([stack]) =>
      stack.reduce<number | undefined>((parent, callFrame) => {
        nodes.push({ id: nodes.length + 1, parent, callFrame });
        return nodes.length;
      }, undefined) as number,
    );
    return [
      { name: 'Profile', ph: 'P', pid: PID, tid: MAIN, ts: startTime, id: '0x1', args: { data: { startTime } } },
      { name: 'ProfileChunk', ph: 'P', pid: PID, tid: 99, ts: startTime, id: '0x1', args: { data: { cpuProfile: { nodes, samples: ids }, timeDeltas: samples.map(([, delta]) => delta) } } },
    ];
  };
  // CDP's slowdown counts in the thread's time: on an idle host thread and wall time are alike.
  const events: TraceEvent[] = [
    { name: 'ResourceSendRequest', ph: 'I', pid: 1, tid: 1, ts: 1_000, args: { data: { url, requestId: 'doc' } } },
    { name: 'ResourceSendRequest', ph: 'I', pid: 1, tid: 1, ts: 150_000, args: { data: { url: `${SITE}/public/static/js/index.js`, requestId: 's1' } } },
    x('RunTask', 10_000, 40_000, 40_000),
    x('UpdateLayoutTree', 12_000, 20_000),
    x('Layout', 32_000, 10_000),
    x('RunTask', 100_000, 200_000, 200_000),
    x('FunctionCall', 100_000, 200_000),
    x('MinorGC', 290_000, 10_000),
    ...profile(
      [
        [[at('@module-federation/runtime-core')], 100_000],
        [[at('@module-federation/runtime-core')], 60_000],
        [[at('react-dom'), at('@radix-ui/themes')], 60_000],
        [[frame('(garbage collector)')], 60_000],
      ],
      0,
    ),
    { name: 'entry:interactive', ph: 'R', pid: PID, tid: MAIN, ts: 401_000 },
    { name: 'ResourceSendRequest', ph: 'I', pid: 1, tid: 1, ts: 500_000, args: { data: { url: `${SITE}/later.js`, requestId: 's2' } } },
  ];
  const run = analyseRun({ events, url, mark: 'entry:interactive', locate, owner: 'login' });

  it('counts each task in its thread time, split by its kinds of work', () => {
    expect(run.categories[STYLE_LAYOUT]).toBeCloseTo(30);
    expect(run.categories[GC]).toBeCloseTo(10);
    expect(run.total).toBeCloseTo(240);
  });

  it("shares a task's script time out by the samples taken in it", () => {
    expect(run.categories[FEDERATION]).toBeCloseTo(190 * (2 / 3));
    expect(run.categories[COMPONENTS]).toBeCloseTo(190 / 3);
    expect(run.packages['@module-federation/*']).toBeCloseTo(190 * (2 / 3));
  });

  it('lists the long tasks, the requests before the mark and the time the main thread had nothing to do', () => {
    expect(run.longTasks).toHaveLength(1);
    expect(run.longTasks[0]).toMatchObject({ startMs: 99, wallMs: 200 });
    expect(run.longTasks[0]?.cpuMs).toBeCloseTo(200);
    expect(run.longTasks[0]?.ran).toMatch(/^@module-federation\/\* 127, @radix-ui\/\* 63, garbage collection 10$/);
    expect(run.requests).toBe(2);
    expect(run.interactiveMs).toBe(400);
    expect(run.idleMs).toBe(160);
    expect(run.slowdown).toBe(1);
  });

  it('says so when the page never answered a tap', () => {
    expect(() => analyseRun({ events: events.filter(({ name }) => name !== 'entry:interactive'), url, mark: 'entry:interactive', locate, owner: 'login' })).toThrow(/never became interactive/);
  });
});

describe('median, medianRecord and the tables', () => {
  it('takes the middle value, the mean of the two middle ones for an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("takes each key's median, a missing key counting as 0", () => {
    expect(medianRecord([{ a: 1, b: 5 }, { a: 3 }, { a: 2, b: 7 }])).toEqual({ a: 2, b: 5 });
  });

  it('prints markdown with the figures right-aligned, whole milliseconds and ratios', () => {
    expect(markdownTable(['what', 'ms'], [['total', ms(1234.6)]])).toBe('| what | ms |\n| --- | ---: |\n| total | 1,235 |');
    expect(ratio(150, 100)).toBe('x1.50');
    expect(ratio(1, 0)).toBe('–');
    expect(ms(NaN)).toBe('–');
  });
});
