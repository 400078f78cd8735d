// A signed-in page drawn on the gateway: a request for a screen that carries a live session cookie gets the screen's
// HTML, drawn by the app's own components (src/entry-server.tsx, built into dist-server/) with the answers they read,
// and the app hydrates it instead of building it (docs/decisions.md "First paint on a phone"). Whatever cannot be
// drawn (no cookie, an ended session, a screen that fails) gets the page the app builds, as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_FILES, FIRST_SCREEN_MODULES_ID, FIRST_SCREEN_SLOTS, FIRST_SCREEN_STALE, FIRST_SCREEN_STATE_ID, type DrawnScreenFiles } from '../../src/api/page-contract.ts';
import { FIRST_SCREEN_GUARD } from './first-screen-guard.ts';
import { rolesFromBits } from '../domain/auth/tokens.ts';
import { liveSession } from './auth.ts';
import { SESSION_COOKIE, TENANT_COOKIE, cookieToken } from './session-cookie.ts';

/** What src/entry-server.tsx takes and gives (built apart from the gateway, it shares no code with it). */
interface FirstScreenRequest {
  url: string;
  session: {
    userId: string;
    email: string;
    accessToken: string;
    roles: number[];
    tenantId: string;
    tenantName: string;
    tenantType: string;
    claim: string | null;
    adminTenant: boolean;
    expiresAt: number;
  };
  /** The tenant the browser chose last, with its token (src/api/session.ts SelectedTenant), or null. */
  tenant: { id: string; name: string; type: string; accessToken: string } | null;
  cookies: string;
}

interface FirstScreen {
  html: string;
  colorScheme: 'light' | 'dark';
  /** The zone its dates and times are drawn in. */
  timeZone: string;
  state: { userId: string };
}

interface Renderer {
  renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreen | null>;
  handleCallsWith(handle: (request: Request) => Promise<Response>): void;
}

/** Hides a drawn screen its tab does not own until the app has built its own. */
const STALE_STYLE = `<style>html[${FIRST_SCREEN_STALE}="stale"] #root { visibility: hidden; }</style>`;

/** JSON inside a <script> element: nothing in it can end the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface FirstScreens {
  /** The page for `request`, drawn, or null when the app builds it. */
  page(request: FastifyRequest): Promise<string | null>;
}

/** The drawn pages, when the build has them (`npm run build` writes dist/first-screen.html and dist-server/). */
export async function loadFirstScreens(app: FastifyInstance, root: string, serverEntry: string): Promise<FirstScreens | null> {
  const templateFile = join(root, 'first-screen.html');
  const filesFile = join(root, FIRST_SCREEN_FILES);
  if (!existsSync(templateFile) || !existsSync(filesFile) || !existsSync(serverEntry)) return null;
  const template = readFileSync(templateFile, 'utf8');
  const screens = JSON.parse(readFileSync(filesFile, 'utf8')) as Record<string, DrawnScreenFiles>;
  let renderer: Renderer;
  try {
    renderer = (await import(pathToFileURL(serverEntry).href)) as Renderer;
    renderer.handleCallsWith((call) => handleInProcess(app, call));
  } catch (error) {
    // A broken render bundle costs the drawn pages, not the gateway: every page is the one the app builds.
    app.log.error({ err: error, serverEntry }, 'The first-screen renderer did not load; pages are built by the app');
    return null;
  }

  return {
    async page(request) {
      // The build lists the protected screens without parameters (src/config/routes.ts matches without case or a
      // trailing slash); '/' only decides where a person goes.
      const path = (request.url.split('?')[0] ?? '').toLowerCase().replace(/\/+$/, '');
      const files = path ? screens[path] : undefined;
      if (!files) return null;
      const token = cookieToken(request, SESSION_COOKIE);
      const session = token ? await liveSession(request, token) : null;
      if (!token || !session) return null;
      const tenant = await chosenTenant(request, session.sessionId);
      const account = await request.server.db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.user_id', 'users.id')
        .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
        .select(['users.email', 'accounts.username', 'accounts.roles', 'tenants.id as tenantId', 'tenants.name as tenantName', 'tenants.type as tenantType', 'tenants.claim', 'tenants.is_admin'])
        .where('users.id', '=', session.userId)
        .executeTakeFirst();
      if (!account) return null;
      const drawn = await renderer.renderFirstScreen({
        url: request.url,
        cookies: typeof request.headers.cookie === 'string' ? request.headers.cookie : '',
        session: {
          userId: String(session.userId),
          email: account.email ?? account.username ?? '',
          accessToken: token,
          roles: rolesFromBits(account.roles),
          tenantId: account.tenantId,
          tenantName: account.tenantName,
          tenantType: account.tenantType,
          claim: account.claim,
          adminTenant: account.is_admin === 1,
          expiresAt: 0,
        },
        tenant,
      });
      if (!drawn) return null;
      // The screen's scripts come with the app's, once the page has painted (src/boot.ts asks for those it names).
      const head = [
        `<script data-user="${attribute(drawn.state.userId)}" data-tenant="${attribute(tenant?.id ?? '')}" data-time-zone="${attribute(drawn.timeZone)}">${FIRST_SCREEN_GUARD}</script>`,
        STALE_STYLE,
        ...files.styles.map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
        // The first paint waits for the whole screen: a page painted while still arriving grows, and its largest paint
        // comes only after the app's code has run.
        `<link rel="expect" href="#${FIRST_SCREEN_STATE_ID}" blocking="render">`,
      ];
      return template
        .replace(FIRST_SCREEN_SLOTS.colorScheme, drawn.colorScheme)
        .replace(FIRST_SCREEN_SLOTS.head, head.join('\n  '))
        .replace(FIRST_SCREEN_SLOTS.root, () => drawn.html)
        .replace(
          FIRST_SCREEN_SLOTS.state,
          () =>
            `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(drawn.state)}</script>\n  ` +
            `<script type="application/json" id="${FIRST_SCREEN_MODULES_ID}">${scriptJson(files.scripts)}</script>`,
        );
    },
  };
}

/**
 * The tenant the browser chose last in the live session `sessionId` (its cookie), with its token; null when none. A
 * tenant token carries its sign-in's session, which the caller has just found live: its signature is all to check.
 */
async function chosenTenant(request: FastifyRequest, sessionId: string): Promise<FirstScreenRequest['tenant']> {
  const token = cookieToken(request, TENANT_COOKIE);
  const { teller } = request.server;
  const session = token ? await teller.tokens.verify(token, teller.now()) : null;
  if (!token || !session || session.sessionId !== sessionId) return null;
  const tenant = await request.server.db.selectFrom('tenants').select(['id', 'name', 'type']).where('id', '=', session.tenantId).executeTakeFirst();
  return tenant ? { id: tenant.id, name: tenant.name, type: tenant.type, accessToken: token } : null;
}

/** A call of the render, answered by the gateway's own routes without a socket. */
async function handleInProcess(app: FastifyInstance, call: Request): Promise<Response> {
  const url = new URL(call.url);
  const answer = await app.inject({
    method: call.method as 'GET',
    url: url.pathname + url.search,
    headers: Object.fromEntries(call.headers),
    ...(call.method === 'GET' || call.method === 'HEAD' ? {} : { payload: await call.text() }),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, String(one));
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304 || call.method === 'HEAD';
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
}
