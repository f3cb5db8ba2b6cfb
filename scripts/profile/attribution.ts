/**
 * Where a page's main thread went from its request to the moment it answers a tap (issue 23), from
 * one Chromium trace: the trace's tasks say what kind of work ran (style, layout, parsing, GC, script)
 * and in how much CPU time, the V8 samples in the same trace say whose script it was. The pure half of
 * `scripts/profile-start.ts`.
 */
import { median } from '../bench/median.ts';

export type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
};

/** Where a frame's code comes from: its package, and the source file when a source map says. */
export type Origin = { pkg: string; source?: string };

/** The origin of a frame that has a script address (see `originWithin`). */
export type Locate = (frame: CallFrame) => Origin;

/** One V8 sample of the main thread: its stack from the outermost frame to the running one, and how long it stood. */
export type Sample = { ts: number; duration: number; stack: CallFrame[] };

export const REACT = 'React DOM: hydrate, render, commit';
export const COMPONENTS = 'components React renders (hydration)';
export const FEDERATION = 'federation runtime and chunk loading';
export const MODULES = 'module evaluation and other script';
export const PARSE_COMPILE = 'script parse and compile';
export const STYLE_LAYOUT = 'style recalculation and layout';
export const HTML_CSS = 'HTML and CSS parsing';
export const PAINT = 'paint and composite';
export const GC = 'garbage collection';
export const NAVIGATION = 'document commit (navigation)';
export const OTHER = 'other (browser tasks, native)';
/** The kinds of work, in the order the table prints them; their sum is the main thread's CPU time. */
export const CATEGORIES = [REACT, COMPONENTS, FEDERATION, MODULES, PARSE_COMPILE, STYLE_LAYOUT, HTML_CSS, PAINT, GC, NAVIGATION, OTHER] as const;
export type Category = (typeof CATEGORIES)[number];

/** The kind of work a trace event is (Lighthouse's task groups); an event not named here is its parent's kind. */
const KINDS: [Category | 'script', string[]][] = [
  [HTML_CSS, ['ParseHTML', 'ParseAuthorStyleSheet']],
  [STYLE_LAYOUT, ['ScheduleStyleRecalculation', 'UpdateLayoutTree', 'RecalculateStyles', 'InvalidateLayout', 'Layout']],
  [PAINT, ['Animation', 'HitTest', 'PaintSetup', 'Paint', 'PaintImage', 'PrePaint', 'Layerize', 'RasterTask', 'ScrollLayer', 'UpdateLayer', 'UpdateLayerTree', 'CompositeLayers', 'Commit']],
  [PARSE_COMPILE, ['v8.compile', 'v8.compileModule', 'v8.parseOnBackground', 'v8.produceCache', 'v8.produceModuleCache', 'v8.deserializeOnBackground']],
  ['script', ['EventDispatch', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame', 'RunMicrotasks', 'V8.Execute']],
  [GC, ['GCEvent', 'MinorGC', 'MajorGC', 'ThreadState::performIdleLazySweep', 'ThreadState::completeSweep', 'BlinkGCMarking']],
];
const KIND_OF = new Map(KINDS.flatMap(([kind, names]) => names.map((name): [string, Category | 'script'] => [name, kind])));
const kindOf = (name: string): Category | 'script' | undefined =>
  KIND_OF.get(name) ?? (/^(V8\.GC|BlinkGC\.|CppGC\.)/.test(name) ? GC : /^DocumentLoader::/.test(name) ? NAVIGATION : undefined);

/**
 * The package a source file of a source map belongs to: the innermost node_modules folder, else the
 * workspace's own. Sources are relative to where `app` (`shell`, a remote's name) was built: a path
 * into a `src/` folder without a package before it is the app's own code.
 */
export const packageOfSource = (source: string, app: string): string => {
  const modules = [...source.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].at(-1)?.[1];
  if (modules) return modules;
  if (/webpack\/(runtime|bootstrap)|\bwebpack\/container|rspack\/runtime/.test(source)) return 'rspack runtime';
  // The federation plugin's generated start-up code (a data: module).
  if (/module_federation|runtimeRequire\.federation/.test(decodeURIComponent(source))) return '@module-federation/generated';
  const shared = /(?:^|\/)shared\/([^/]+)\/(?:src|build)\//.exec(source)?.[1];
  if (shared) return `@entry/${shared}`;
  if (/(?:^|\/)shell\/src\//.test(source)) return 'shell (own code)';
  const remote = /(?:^|\/)remotes\/([^/]+)\/src\//.exec(source)?.[1];
  if (remote) return `${remote} remote (own code)`;
  if (/(?:^|\/)scripts\/bench\//.test(source)) return 'bundled login (own code)';
  if (/^(\.\.\/)*src\//.test(source)) return app === 'shell' ? 'shell (own code)' : `${app} remote (own code)`;
  return `other: ${source.split('/').slice(-2).join('/').slice(0, 60)}`;
};

/** A package of a scope listed under its scope (`@radix-ui/*`), except the workspace's own `@entry/` packages. */
export const displayPackage = (pkg: string): string => (pkg.startsWith('@') && !pkg.startsWith('@entry/') ? pkg.replace(/\/.*/, '/*') : pkg);

/** The file of a script address, for a build without source maps: `chunk lib-react.1a2b.js`. */
export const chunkOf = (url: string): string => {
  const { pathname } = new URL(url);
  const remote = /\/remotes\/([^/]+)\//.exec(pathname)?.[1];
  return `chunk ${remote ? `remotes/${remote}/` : ''}${pathname.replace(/^.*\//, '')}`;
};

const REACT_PACKAGES = new Set(['react-dom', 'react', 'scheduler']);
const isFederation = (pkg: string) => pkg.startsWith('@module-federation/') || pkg === 'rspack runtime';

/**
 * The origin of each frame of a stack: a frame without a script (a builtin, a DOM call) is its caller's.
 * Frames above the first with a script are V8's own.
 */
export const originWithin = (stack: CallFrame[], locate: Locate): Origin[] => {
  let caller: Origin = { pkg: 'V8 (no script)' };
  return stack.map((frame) => (caller = frame.url.startsWith('http') ? locate(frame) : caller));
};

/** The kind of script work a sample is, and the package whose code was running. */
export const classifySample = (stack: CallFrame[], locate: Locate): { category: Category; pkg: string } | undefined => {
  const leaf = stack.at(-1);
  if (!leaf || /^\((garbage collector|idle|program|root)\)$/.test(leaf.functionName)) return undefined;
  const origins = originWithin(stack, locate);
  const pkg = (origins.at(-1) as Origin).pkg;
  if (REACT_PACKAGES.has(pkg)) return { category: REACT, pkg };
  if (isFederation(pkg)) return { category: FEDERATION, pkg };
  if (origins.some((origin) => origin.pkg === 'react-dom')) return { category: COMPONENTS, pkg };
  return { category: MODULES, pkg };
};

const INTL = /^(DateTimeFormat|NumberFormat|PluralRules|RelativeTimeFormat|ListFormat|Collator|Segmenter|DisplayNames|toLocale\w*String|formatToParts)$/;

/** What a frame is of the things that start before the first tap and that it does not need, if any. */
const unneededFrame = (frame: CallFrame, { pkg, source = '' }: Origin, owner: string): string | undefined => {
  if (pkg.startsWith('@sentry/') || pkg === '@entry/telemetry') return 'error reporting (Sentry, @entry/telemetry)';
  if (pkg.startsWith('@openfeature/') || pkg === '@entry/flags') return 'feature flags (OpenFeature, @entry/flags)';
  if (pkg.startsWith('@tanstack/') || pkg === '@entry/query') return 'query cache (TanStack Query, @entry/query)';
  if (pkg === 'react-hot-toast' || /toast/i.test(source)) return 'toasts (react-hot-toast)';
  if (/release-notice/.test(source)) return 'release-notice poll';
  if (INTL.test(frame.functionName) && !frame.url.startsWith('http')) return 'Intl formatters';
  const remote = / remote \(own code\)$/.test(pkg) ? pkg.replace(/ remote.*/, '') : undefined;
  return remote && remote !== owner ? `other routes' code (${remote} remote)` : undefined;
};

/**
 * What started that the first tap does not need, in a sample's stack: `self` what was running,
 * `within` all of it the stack is in (callees included: the modules one imports, say). `owner` is the
 * remote whose route the page is.
 */
export const unneededIn = (stack: CallFrame[], locate: Locate, owner: string): { self?: string; within: string[] } => {
  const origins = originWithin(stack, locate);
  const found = stack.map((frame, index) => unneededFrame(frame, origins[index] as Origin, owner));
  return { self: found.at(-1), within: [...new Set(found.filter((item) => item !== undefined))] };
};

/** The main thread's V8 samples from a trace's `Profile`/`ProfileChunk` events, in time order. */
export const samplesOf = (events: TraceEvent[], pid: number, tid: number): Sample[] => {
  const samples: { ts: number; stack: CallFrame[] }[] = [];
  for (const profile of events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid)) {
    const nodes = new Map<number, { callFrame: CallFrame; parent?: number }>();
    const stacks = new Map<number, CallFrame[]>();
    const stackOf = (id: number): CallFrame[] => {
      const known = stacks.get(id);
      if (known) return known;
      const node = nodes.get(id);
      const stack = node ? [...(node.parent === undefined ? [] : stackOf(node.parent)), node.callFrame] : [];
      stacks.set(id, stack);
      return stack;
    };
    let time = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id)) {
      const data = chunk.args?.data as { cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: CallFrame }[]; samples?: number[] }; timeDeltas?: number[] };
      // A frame of V8's own (a builtin, the garbage collector) may come without an address.
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, { ...node, callFrame: { ...node.callFrame, url: node.callFrame.url ?? '' } });
      (data.cpuProfile?.samples ?? []).forEach((id, index) => {
        time += data.timeDeltas?.[index] ?? 0;
        samples.push({ ts: time, stack: stackOf(id) });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  return samples.map((sample, index) => ({ ...sample, duration: Math.max(0, (samples[index + 1]?.ts ?? sample.ts) - sample.ts) }));
};

/** How long each kind of work ran inside one task, in wall µs: each event's own time, less its children's. */
const selfTimes = (task: TraceEvent, inside: TraceEvent[]): Map<Category | 'script', number> => {
  const times = new Map<Category | 'script', number>();
  const add = (kind: Category | 'script', value: number) => times.set(kind, (times.get(kind) ?? 0) + value);
  const open: { end: number; kind: Category | 'script'; self: number }[] = [];
  const close = (until: number) => {
    while (open.length > 1 && (open.at(-1) as { end: number }).end <= until) {
      const done = open.pop() as { kind: Category | 'script'; self: number };
      add(done.kind, done.self);
    }
  };
  open.push({ end: task.ts + (task.dur ?? 0), kind: OTHER, self: task.dur ?? 0 });
  for (const event of inside) {
    close(event.ts);
    const parent = open.at(-1) as { kind: Category | 'script'; self: number };
    const dur = Math.min(event.dur ?? 0, Math.max(0, (open.at(-1) as { end: number }).end - event.ts));
    parent.self -= dur;
    open.push({ end: event.ts + dur, kind: kindOf(event.name) ?? parent.kind, self: dur });
  }
  close(Infinity);
  add((open[0] as { kind: Category }).kind, (open[0] as { self: number }).self);
  return times;
};

export type LongTask = { startMs: number; wallMs: number; cpuMs: number; ran: string };

/** One load's figures, in ms of main-thread CPU time at the throttled speed unless said otherwise. */
export type RunFigures = {
  categories: Record<string, number>;
  packages: Record<string, number>;
  /** Script time of what the first tap does not need: its own frames, and with its callees. */
  unneeded: Record<string, number>;
  unneededWithin: Record<string, number>;
  total: number;
  interactiveMs: number;
  idleMs: number;
  requests: number;
  longTasks: LongTask[];
  /** Wall over CPU time of the long tasks: about 1 on an idle host (the slowdown counts in both), more when the renderer waited for a core. */
  slowdown: number;
};

const addTo = (record: Record<string, number>, key: string, value: number) => (record[key] = (record[key] ?? 0) + value);

/** The main thread's top-level tasks (Chromium names them RunTask; older ones ThreadControllerImpl::RunTask). */
const tasksOf = (thread: TraceEvent[]) => {
  const name = thread.some((event) => event.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  let end = -Infinity;
  return thread.filter((event) => {
    if (event.name !== name || event.ph !== 'X' || event.ts < end) return false;
    end = event.ts + (event.dur ?? 0);
    return true;
  });
};

export type RunInput = {
  events: TraceEvent[];
  /** The page's address: its document request opens the window. */
  url: string;
  /** The user-timing mark the page sets once it answers a tap: it closes the window, and names the main thread. */
  mark: string;
  locate: Locate;
  owner: string;
};

/**
 * Where one load's main thread went between the page's request and its `mark`. Every task's CPU time
 * is split by its events' kinds, its script time by the V8 samples inside it, per kind of script work
 * and package. CPU time is the trace's thread time: under CDP's CPU throttling it already holds the
 * slowdown (the throttler's pauses count as the thread's time), while waiting for a core of a busy host
 * does not.
 */
export const analyseRun = ({ events, url, mark, locate, owner }: RunInput): RunFigures => {
  const marked = events.find((event) => event.name === mark);
  if (!marked) throw new Error(`the trace has no ${mark} mark: the page never became interactive`);
  const { pid, tid } = marked;
  const end = marked.ts;
  const sent = events.filter((event) => event.name === 'ResourceSendRequest');
  const loaderUrl = (event: TraceEvent) => (event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL;
  const navigation = events.filter((event) => event.name === 'navigationStart' && event.pid === pid && loaderUrl(event) === url);
  // The document's request, else the navigation's start (a trace may lack either).
  const start = Math.min(...[...sent.filter((event) => (event.args?.data as { url?: string }).url === url), ...navigation].map((event) => event.ts).filter((ts) => ts <= end));
  if (!Number.isFinite(start)) throw new Error(`the trace has no request of ${url}`);
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const samples = samplesOf(events, pid, tid);
  const figures: RunFigures = { categories: {}, packages: {}, unneeded: {}, unneededWithin: {}, total: 0, interactiveMs: (end - start) / 1000, idleMs: 0, requests: 0, longTasks: [], slowdown: NaN };
  const slowdowns: number[] = [];
  let busy = 0;
  const position = new Map(thread.map((event, index) => [event, index]));
  let nextSample = 0;
  for (const task of tasksOf(thread)) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (taskEnd <= start || task.ts >= end || !task.dur) continue;
    busy += Math.min(taskEnd, end) - Math.max(task.ts, start);
    // CPU ms per wall µs of this task.
    const scale = (task.tdur ?? task.dur) / task.dur / 1000;
    const inside: TraceEvent[] = [];
    for (let index = (position.get(task) as number) + 1; index < thread.length && (thread[index] as TraceEvent).ts < taskEnd; index += 1) inside.push(thread[index] as TraceEvent);
    const kinds = selfTimes(task, inside);
    const ran: Record<string, number> = {};
    for (const [kind, wall] of kinds) if (kind !== 'script') addTo(ran, kind, wall * scale);
    // The task's script time, shared out by the samples taken while it ran.
    const script = (kinds.get('script') ?? 0) * scale;
    while (nextSample < samples.length && (samples[nextSample] as Sample).ts < task.ts) nextSample += 1;
    const scripts: { category: Category; pkg: string; weight: number; unneeded: ReturnType<typeof unneededIn> }[] = [];
    for (let index = nextSample; index < samples.length && (samples[index] as Sample).ts < taskEnd; index += 1) {
      const sample = samples[index] as Sample;
      const kind = classifySample(sample.stack, locate);
      if (kind) scripts.push({ ...kind, weight: Math.min(sample.duration, taskEnd - sample.ts), unneeded: unneededIn(sample.stack, locate, owner) });
    }
    const weights = scripts.reduce((sum, { weight }) => sum + weight, 0);
    if (script > 0 && weights === 0) {
      addTo(ran, MODULES, script);
      addTo(figures.packages, 'script not sampled', script);
    }
    for (const { category, pkg, weight, unneeded } of scripts) {
      const share = weights ? (script * weight) / weights : 0;
      addTo(ran, category, share);
      addTo(figures.packages, displayPackage(pkg), share);
      if (unneeded.self) addTo(figures.unneeded, unneeded.self, share);
      for (const item of unneeded.within) addTo(figures.unneededWithin, item, share);
    }
    const perPackage: Record<string, number> = {};
    for (const { pkg, weight } of scripts) addTo(perPackage, displayPackage(pkg), weights ? (script * weight) / weights : 0);
    let cpu = 0;
    for (const [kind, value] of Object.entries(ran)) {
      addTo(figures.categories, kind, value);
      cpu += value;
    }
    figures.total += cpu;
    if (cpu > 50) {
      slowdowns.push(task.tdur ? task.dur / task.tdur : NaN);
      const what = [
        ...Object.entries(perPackage),
        // Script work is named by its packages above, the rest by its kind.
        ...Object.entries(ran).filter(([kind]) => !(CATEGORIES.slice(0, 4) as string[]).includes(kind)),
      ]
        .filter(([, value]) => value >= 1)
        .sort(([, a], [, b]) => b - a)
        .slice(0, 4)
        .map(([label, value]) => `${label} ${Math.round(value)}`)
        .join(', ');
      figures.longTasks.push({ startMs: (task.ts - start) / 1000, wallMs: task.dur / 1000, cpuMs: cpu, ran: what });
    }
  }
  figures.idleMs = Math.max(0, end - start - busy) / 1000;
  figures.requests = new Set(sent.filter((event) => event.ts >= start && event.ts <= end).map((event) => (event.args?.data as { requestId?: string }).requestId)).size;
  figures.slowdown = median(slowdowns);
  return figures;
};

/** Each key's median over the records; a key a record lacks counts as 0 there. */
export const medianRecord = (records: Record<string, number>[]): Record<string, number> =>
  Object.fromEntries([...new Set(records.flatMap(Object.keys))].map((key) => [key, median(records.map((record) => record[key] ?? 0))]));

/** A markdown table: the first column left-aligned, the figures right-aligned. */
export const markdownTable = (header: string[], rows: (string | number)[][]): string =>
  [header, header.map((_, index) => (index === 0 ? '---' : '---:')), ...rows.map((row) => row.map(String))].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

/** Milliseconds as the tables print them: whole, with thousands separated. */
export const ms = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-GB') : '–');

/** One figure as a multiple of another: `x1.32`. */
export const ratio = (value: number, against: number): string => (against > 0 && Number.isFinite(value) ? `x${(value / against).toFixed(2)}` : '–');
