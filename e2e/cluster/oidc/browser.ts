// The browser's part of a sign-in, for tests that go through the provider's real pages without starting Chromium:
// it follows redirects one at a time, keeps cookies per host name as a browser does (not per port), and fills in and
// posts the login form it is shown, hidden fields and all. Trusts the harness's CA for https.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { pki } from '../lib/pki.ts';

export interface Page {
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Send {
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

const MAX_REDIRECTS = 12;

export class Browser {
  private readonly jar = new Map<string, Map<string, { value: string; secure: boolean }>>();
  private readonly ca = readFileSync(pki('ca.crt'));

  /** One request, its cookies sent and kept; redirects are not followed. */
  open(url: string, send: Send = {}): Promise<Page> {
    const target = new URL(url);
    const body = send.form ? new URLSearchParams(send.form).toString() : undefined;
    const headers: Record<string, string> = { accept: 'text/html,application/json', ...send.headers };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolvePage, reject) => {
      const req = request(target, { method: send.method ?? 'GET', headers, ca: this.ca, timeout: 10_000 }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          this.keep(target, res.headers['set-cookie'] ?? []);
          resolvePage({ url, status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error(`timeout: ${target.origin}${target.pathname}`)));
      req.end(body);
    });
  }

  /**
   * Follows redirects from `url` until a page that is not one, or until `stopAt` says a URL is the end (an
   * application's callback with nothing listening, say): that URL comes back as a page with status 0.
   */
  async follow(url: string, send: Send = {}, stopAt: (url: string) => boolean = () => false): Promise<Page> {
    let page = await this.open(url, send);
    for (let hops = 0; page.status >= 300 && page.status < 400 && page.headers.location; hops++) {
      if (hops === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
      const next = new URL(page.headers.location, page.url).toString();
      if (stopAt(next)) return { url: next, status: 0, headers: {}, body: '' };
      page = await this.open(next);
    }
    return page;
  }

  /** From `startUrl` to the provider's login form, posted with the account's name and password, then onwards. */
  async signIn(startUrl: string, name: string, password: string, stopAt?: (url: string) => boolean): Promise<Page> {
    const login = await this.follow(startUrl, {}, stopAt);
    const form = loginFormOf(login);
    return this.follow(form.action, { method: 'POST', form: { ...form.fields, username: name, password } }, stopAt);
  }

  private cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.hostname) ?? new Map();
    const sent = [...cookies].filter(([, c]) => !c.secure || url.protocol === 'https:');
    return sent.map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  private keep(url: URL, setCookies: string[]): void {
    const cookies = this.jar.get(url.hostname) ?? new Map();
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const expired = attributes.some((a) => /^max-age=(0|-)/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (expired) cookies.delete(name);
      else cookies.set(name, { value: pair.slice(at + 1), secure: attributes.some((a) => a.toLowerCase() === 'secure') });
    }
    this.jar.set(url.hostname, cookies);
  }
}

/** The page's form with a password field: where it posts, and the values of its hidden fields. */
export function loginFormOf(page: Page): { action: string; fields: Record<string, string> } {
  const form = [...page.body.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].find((f) => /type="password"/i.test(f[2]!));
  if (!form) throw new Error(`no login form at ${new URL(page.url).pathname} (HTTP ${page.status})`);
  const fields: Record<string, string> = {};
  for (const [input] of form[2]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (name && attribute(input, 'type') === 'hidden') fields[name] = attribute(input, 'value') ?? '';
  }
  return { action: new URL(attribute(form[0], 'action') ?? '', page.url).toString(), fields };
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
