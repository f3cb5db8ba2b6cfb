import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';

/**
 * Where the site lives, from configuration only (ASVS 5.0 V3.5, V4.1): links in mails, the
 * same-origin check, the cookie's prefix and HSTS never follow what a request claims (its Host,
 * Origin or X-Forwarded-* headers). A proxy's X-Forwarded-For is believed only from the proxies named.
 */
export type SiteConfig = {
  /** The origin visitors use, e.g. https://learning.example: links in mails are built on it. */
  publicOrigin: string;
  /** Every origin whose pages may call the APIs: the public origin and any configured besides. */
  allowedOrigins: string[];
  /** Addresses or CIDR ranges (or proxy-addr's names: loopback, linklocal, uniquelocal) of our own proxies. */
  trustedProxies: string[];
};

export type Site = {
  publicOrigin: string;
  allowedOrigins: ReadonlySet<string>;
  /** The public origin is https: cookies get __Host- and Secure, responses HSTS. */
  secure: boolean;
};

declare module 'hono' {
  interface ContextVariableMap {
    site: Site;
    /** The visitor's address: the socket's, or the one our trusted proxies forwarded. */
    clientAddress: string;
    /** The request reached us from one of our proxies: only then are the edge's headers (the visitor's country) believed. */
    viaTrustedProxy: boolean;
  }
}

type NodeBindings = { incoming?: IncomingMessage };

/** Puts the configured site and the visitor's address on the context of every request. */
export const siteContext = (config: SiteConfig): MiddlewareHandler => {
  const site: Site = {
    publicOrigin: config.publicOrigin,
    allowedOrigins: new Set([config.publicOrigin, ...config.allowedOrigins]),
    secure: new URL(config.publicOrigin).protocol === 'https:',
  };
  const trust = proxyaddr.compile(config.trustedProxies);
  return async (c, next) => {
    c.set('site', site);
    const incoming = (c.env as NodeBindings | undefined)?.incoming;
    // Requests made in-process (app.request in unit tests) have no socket.
    c.set('clientAddress', incoming?.socket ? proxyaddr(incoming, trust) : 'unknown');
    const peer = incoming?.socket?.remoteAddress;
    c.set('viaTrustedProxy', peer !== undefined && trust(peer, 0));
    await next();
  };
};
