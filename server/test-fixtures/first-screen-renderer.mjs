// A stand-in for dist-server/entry-server.js in the gateway's tests (server/http/first-screen.test.ts): it reads the
// roles list through the gateway's in-process handling, as the app's render reads its screen's answers, and draws
// what it was given, so a test sees the session, the cookies and the call the gateway passed; the zone it draws in is
// the cookie's, as the app's render takes it (without checking it).
let handle;

export function handleCallsWith(next) {
  handle = next;
}

export async function renderFirstScreen({ url, session, tenant, cookies }) {
  const answer = await handle(new Request('http://localhost/api/v1/um/roles', { headers: { authorization: `Bearer ${session.accessToken}` } }));
  if (url.startsWith('/wallet/admins')) return null;
  const roles = answer.ok ? (await answer.json()).data.length : -1;
  return {
    html: `<main data-url="${url}" data-email="${session.email}" data-tenant="${session.tenantId}" data-roles="${roles}" data-chosen="${tenant?.id ?? ''}">drawn</main>`,
    colorScheme: cookies.includes('theme=dark') ? 'dark' : 'light',
    timeZone: /teller_tz=([^;]+)/.exec(cookies)?.[1] ?? 'Etc/UTC',
    state: { userId: session.userId, tenantId: tenant?.id ?? null, queries: { note: '</script><script>alert(1)</script>' }, changeCursor: null },
  };
}
