import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** What the signed-in stand-in says about the visitor; every value is escaped as it is written. */
export type SignedInVisitor = {
  id_user: number;
  displayName: string;
  role: string;
  school: string | null;
  /** The report a report code opened with this sign-in. */
  report: string | null;
};

export type StandInPage = {
  title: string;
  heading: string;
  /** Why this page is here: which part of the platform it stands in for. */
  lead: string;
  visitor: SignedInVisitor | null;
  /** A checked path the platform would continue to. */
  next: string | null;
  /** Where a signed-out visitor may go instead. */
  links: { href: string; label: string }[];
};

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2024; }
  body { margin: 0; background: #f9f9fb; }
  header { background: #fff; border-bottom: 1px solid #e0e1e6; padding: 12px 16px; font-weight: 700; }
  main { max-width: 560px; margin: 0 auto; padding: 24px 16px; }
  .card { background: #fff; border: 1px solid #e0e1e6; border-radius: 12px; padding: 24px; }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  p { line-height: 1.5; margin: 0 0 16px; }
  .lead { color: #60646c; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #60646c; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  a { color: #3a5bc7; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
  .button { font: inherit; font-weight: 600; border-radius: 8px; padding: 10px 16px; min-height: 44px; cursor: pointer;
    border: 1px solid #3e63dd; background: #3e63dd; color: #fff; text-decoration: none; display: inline-flex; align-items: center; }
  .button.secondary { background: #fff; color: #3a5bc7; }
  .button:focus-visible, a:focus-visible { outline: 3px solid #1c2024; outline-offset: 2px; }
  [role="alert"] { color: #ce2c31; }
`;

/**
 * SPEC section 4's logout, for this page: record it, clear local storage, forget the first-login
 * flag, end the session, go to /public/login. The public app's own logout (@entry/api) is the same
 * sequence; this page is not an app, so it carries a few lines of its own.
 */
const LOG_OUT_SCRIPT = `
  const button = document.getElementById('log-out');
  button?.addEventListener('click', async () => {
    button.disabled = true;
    const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const event = { eventName: 'logout', eventType: 'Frontend', id_user: Number(button.dataset.user), id_local: crypto.randomUUID(), currentUrl: location.origin + location.pathname };
    await fetch('/event-gateway/publish', { method: 'POST', headers, credentials: 'include', body: JSON.stringify(event) }).catch(() => undefined);
    localStorage.clear();
    sessionStorage.removeItem('firstLogin');
    const ended = await fetch('/ms_accounts/auth/logout', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'include' }).catch(() => null);
    if (ended && ended.ok) location.assign('/public/login');
    else { button.disabled = false; document.getElementById('log-out-failed').hidden = false; }
  });
`;

const visitorFacts = (visitor: SignedInVisitor) => html`
  <dl aria-label="Who is signed in">
    <dt>Name</dt>
    <dd>${visitor.displayName}</dd>
    <dt>Account</dt>
    <dd>${visitor.role}</dd>
    ${visitor.school ? html`<dt>School</dt><dd>${visitor.school}</dd>` : ''}
    ${visitor.report ? html`<dt>Report</dt><dd>${visitor.report}</dd>` : ''}
  </dl>
`;

/** A stand-in for a page of the platform's signed-in apps, which live outside /public. */
export const standInPage = (page: StandInPage, nonce: string): Promise<HtmlEscapedString> | HtmlEscapedString => html`<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${page.title} · Learning platform</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <header>Learning platform</header>
    <main>
      <div class="card">
        <h1>${page.heading}</h1>
        <p class="lead">${page.lead}</p>
        ${page.visitor ? visitorFacts(page.visitor) : ''}
        ${page.next ? html`<p>The platform would now continue to <a href="${page.next}">${page.next}</a>.</p>` : ''}
        <div class="actions">
          ${page.visitor
            ? html`<button type="button" class="button" id="log-out" data-user="${page.visitor.id_user}">Log out</button>`
            : ''}
          ${page.links.map((link) => html`<a class="button secondary" href="${link.href}">${link.label}</a>`)}
        </div>
        <p role="alert" id="log-out-failed" hidden>We could not log you out. Check your connection and try again.</p>
      </div>
    </main>
    ${page.visitor ? html`<script nonce="${nonce}">${raw(LOG_OUT_SCRIPT)}</script>` : ''}
  </body>
</html>`;
