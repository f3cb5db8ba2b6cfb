import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { pointers, type RemoteRecord } from '../../../release/src/registry.ts';
import { describeRollout, rolloutOf } from '../../../release/src/rollout.ts';
import type { RolloutFigures } from '../../../release/src/server-reports.ts';
import type { HourlyFigures } from '../rollouts/figures.ts';

export type RemoteView = { remote: string; record: RemoteRecord; revision: string; rollout: RolloutFigures | null; lastDay: HourlyFigures[] };

/** Line colours of the chart (each 4.5:1 or more on white), a version each, in the order of their loads. */
const COLOURS = ['#3e63dd', '#218358', '#a35829', '#8e4ec6'];
const FAILURE_COLOUR = '#ce2c31';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2024; }
  body { margin: 0; background: #f9f9fb; }
  header { background: #fff; border-bottom: 1px solid #e0e1e6; padding: 12px 16px; font-weight: 700; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  section { background: #fff; border: 1px solid #e0e1e6; border-radius: 12px; padding: 16px; margin: 0 0 16px; }
  h1 { font-size: 1.5rem; margin: 0 0 16px; }
  h2 { font-size: 1.25rem; margin: 0 0 12px; }
  h3 { font-size: 1rem; margin: 16px 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: #60646c; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .scroll { overflow-x: auto; }
  table { border-collapse: collapse; font-size: 0.875rem; min-width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e0e1e6; vertical-align: top; }
  svg { width: 100%; height: auto; max-width: 720px; display: block; }
  .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 4px 0 0; padding: 0; list-style: none; font-size: 0.875rem; }
  .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0 0; }
  button { font: inherit; font-weight: 600; border-radius: 8px; padding: 8px 14px; min-height: 44px; cursor: pointer; border: 1px solid #3e63dd; background: #fff; color: #3a5bc7; }
  button.confirm { background: #3e63dd; color: #fff; }
  button:focus-visible { outline: 3px solid #1c2024; outline-offset: 2px; }
  [role="alert"] { color: #ce2c31; }
  .confirming { border: 1px solid #e0e1e6; border-radius: 8px; padding: 12px; margin: 12px 0 0; }
`;

/**
 * Each action asks once more before it is sent (the confirmation step), with the remote's pointers as
 * the page showed them: the server refuses it when they moved since. Sent as JSON with X-Requested-With,
 * which a cross-site form cannot send: the server's same-origin rule holds here too.
 */
const SCRIPT = `
  for (const button of document.querySelectorAll('button[data-action]')) {
    button.addEventListener('click', () => {
      const box = document.getElementById('confirm-' + button.dataset.remote);
      box.hidden = false;
      box.querySelector('p').textContent = button.dataset.question;
      const confirm = box.querySelector('button.confirm');
      confirm.dataset.action = button.dataset.do;
      confirm.focus();
    });
  }
  for (const box of document.querySelectorAll('.confirming')) {
    const [confirm, cancel] = box.querySelectorAll('button');
    const status = box.querySelector('[role="status"]');
    cancel.addEventListener('click', () => { box.hidden = true; });
    confirm.addEventListener('click', async () => {
      confirm.disabled = true;
      status.textContent = 'Working…';
      const response = await fetch('/releases/actions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ remote: box.dataset.remote, action: confirm.dataset.action, revision: box.dataset.revision }),
      }).catch(() => null);
      const answer = response ? await response.json().catch(() => ({})) : { message: 'The server could not be reached.' };
      if (response && response.ok) { location.reload(); return; }
      confirm.disabled = false;
      status.textContent = '';
      box.querySelector('[role="alert"]').textContent = answer.message || 'The action failed.';
    });
  }
`;

const hourLabel = (hoursAgo: number) => (hoursAgo === 0 ? 'now' : `${hoursAgo} h ago`);

/** Loads per version as lines, failed visitors as red bars, over the last 24 hours; a table says the same in words. */
const chart = (remote: string, lastDay: HourlyFigures[]) => {
  if (lastDay.length === 0) return html`<p>No page loads counted in the last 24 hours.</p>`;
  const width = 480;
  const height = 160;
  const top = Math.max(1, ...lastDay.flatMap(({ loads, failures }) => [...loads, ...failures]));
  const x = (hour: number) => 30 + (hour * (width - 40)) / 23;
  const y = (value: number) => height - 20 - (value * (height - 30)) / top;
  const summary = lastDay
    .map(({ version, loads, failures }) => `${version}: ${loads.reduce((a, b) => a + b, 0)} loads, ${failures.reduce((a, b) => a + b, 0)} failed visitors`)
    .join('; ');
  return html`
    <svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${`Loads and failures of ${remote} per hour over the last 24 hours: ${summary}`}">
      <line x1="30" y1="${height - 20}" x2="${width - 10}" y2="${height - 20}" stroke="#8b8d98" />
      <text x="0" y="14" font-size="11" fill="#60646c">${Math.round(top)}</text>
      <text x="30" y="${height - 4}" font-size="11" fill="#60646c">24 h ago</text>
      <text x="${width - 30}" y="${height - 4}" font-size="11" fill="#60646c">now</text>
      ${lastDay.map(({ failures }) =>
        failures.map((count, hour) => (count > 0 ? html`<rect x="${x(hour) - 3}" y="${y(count)}" width="6" height="${height - 20 - y(count)}" fill="${FAILURE_COLOUR}" />` : '')),
      )}
      ${lastDay.map(
        ({ loads }, index) =>
          html`<polyline fill="none" stroke-width="2" stroke="${COLOURS[index]}" points="${loads.map((value, hour) => `${x(hour).toFixed(1)},${y(value).toFixed(1)}`).join(' ')}" />`,
      )}
    </svg>
    <ul class="legend">
      ${lastDay.map(({ version }, index) => html`<li><span class="swatch" style="background:${COLOURS[index]}"></span>loads of ${version}</li>`)}
      <li><span class="swatch" style="background:${FAILURE_COLOUR}"></span>failed visitors</li>
    </ul>
    <details>
      <summary>Figures by hour</summary>
      <div class="scroll">
        <table>
          <thead>
            <tr><th scope="col">Hour</th>${lastDay.map(({ version }) => html`<th scope="col">${version} loads / failed</th>`)}</tr>
          </thead>
          <tbody>
            ${Array.from({ length: 24 }, (_, hour) => html`<tr><th scope="row">${hourLabel(23 - hour)}</th>${lastDay.map(({ loads, failures }) => html`<td>${loads[hour]} / ${failures[hour]}</td>`)}</tr>`)}
          </tbody>
        </table>
      </div>
    </details>
  `;
};

type Action = { do: string; label: string; question: string };

/** The CLI's moves that make sense for the remote as it stands. */
const actionsFor = (remote: string, record: RemoteRecord): Action[] => {
  const rollout = rolloutOf(record.canary);
  const canary = record.canary;
  if (rollout) {
    return [
      rollout.paused
        ? { do: 'resume', label: 'Resume the rollout', question: `Resume the rollout of ${remote} ${canary?.version}? Its stage starts afresh.` }
        : { do: 'pause', label: 'Pause the rollout', question: `Pause the rollout of ${remote} ${canary?.version} where it is?` },
      { do: 'abort', label: 'Abort the rollout', question: `Abort the rollout of ${remote} ${canary?.version}? Its visitors go back to ${record.live}.` },
    ];
  }
  if (canary) {
    return [
      { do: 'promote', label: 'Promote the canary', question: `Make ${remote} ${canary.version} live for everybody?` },
      { do: 'cancel-canary', label: 'Cancel the canary', question: `Cancel the canary ${remote} ${canary.version}? Its visitors go back to ${record.live}.` },
    ];
  }
  return [{ do: 'rollback', label: 'Roll back', question: `Roll ${remote} back from ${record.live} to the version live before?` }];
};

const remoteSection = ({ remote, record, revision, rollout, lastDay }: RemoteView) => {
  const plan = rolloutOf(record.canary);
  const actions = actionsFor(remote, record);
  return html`
    <section aria-labelledby="remote-${remote}">
      <h2 id="remote-${remote}">${remote}</h2>
      <dl>
        ${pointers(record).map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}
        ${plan ? html`<dt>rollout</dt><dd>${describeRollout(plan)}</dd>` : ''}
        ${rollout ? html`<dt>rollout figures</dt><dd>${rollout.reason}</dd>` : ''}
      </dl>
      <div class="actions">
        ${actions.map((action) => html`<button type="button" data-action="" data-do="${action.do}" data-remote="${remote}" data-question="${action.question}">${action.label}</button>`)}
      </div>
      <div class="confirming" id="confirm-${remote}" data-remote="${remote}" data-revision="${revision}" hidden>
        <p></p>
        <div class="actions"><button type="button" class="confirm">Confirm</button><button type="button">Cancel</button></div>
        <p role="status"></p>
        <p role="alert"></p>
      </div>
      <h3>Loads and failures, last 24 hours</h3>
      ${chart(remote, lastDay)}
      <h3>History</h3>
      <div class="scroll">
        <table>
          <thead><tr><th scope="col">When</th><th scope="col">Move</th><th scope="col">By</th><th scope="col">Why</th></tr></thead>
          <tbody>
            ${[...record.history].reverse().slice(0, 20).map(
              ({ at, action, from, to, by, why }) => html`<tr><td>${at.replace('T', ' ').slice(0, 19)}</td><td>${action} ${from ?? '(none)'} → ${to}</td><td>${by}</td><td>${why}</td></tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>
  `;
};

/** The release page (/releases): each remote's pointers, rollout, chart and history, and the CLI's moves. */
export const releasesPage = (views: RemoteView[], nonce: string): Promise<HtmlEscapedString> | HtmlEscapedString => html`<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Releases · Learning platform</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <header>Learning platform</header>
    <main>
      <h1>Releases</h1>
      ${views.length === 0 ? html`<p>Nothing is deployed here yet.</p>` : views.map(remoteSection)}
    </main>
    <script nonce="${nonce}">${raw(SCRIPT)}</script>
  </body>
</html>`;
