import { attachRequestContext, requestContextOf } from '../context/request-context';
import { endConsoleSession, startConsoleSession, type ConsoleSession } from './console-session';
import { issueToken } from './issue-token';

const SECRET = 'console-session-spec-secret';
const SESSION: ConsoleSession = { cookie: 'dashboard_session', path: '/reporting', requirement: 'area-manager' };
const response = () => {
  const headers: Record<string, string> = {};
  return { headers, setHeader: (name: string, value: string) => void (headers[name] = value) };
};
const request = (cookie?: string) => {
  const req = { method: 'POST', headers: cookie ? { cookie } : {} };
  attachRequestContext(req, { correlationId: 'c-1' });
  return req;
};

describe("a console's sign-in and sign-out name who did it and where, for the audit trail (staff act only at their own casino)", () => {
  it('signing in gives the request the actor its token names, with the casinos it covers', () => {
    const token = issueToken({ sub: 'ann', name: 'Ann', roles: ['area-manager'], casinos: ['crown-melbourne'] }, SECRET, 600);
    const req = request();
    startConsoleSession(SESSION, token, SECRET, response() as never, req);
    expect(requestContextOf(req)?.actor).toMatchObject({ id: 'ann', role: 'area-manager', casinos: ['crown-melbourne'] });
  });

  it('signing out with a live session names its holder; an expired or foreign cookie signs out anonymously, and the cookie is cleared either way', () => {
    const signedIn = response();
    startConsoleSession(SESSION, issueToken({ sub: 'bo', name: 'Bo', roles: ['area-manager'], casinos: ['star-sydney'] }, SECRET, 600), SECRET, signedIn as never, request());
    const cookie = signedIn.headers['Set-Cookie'].split(';')[0];
    const out = request(cookie);
    const cleared = response();
    endConsoleSession(SESSION, cleared as never, out, SECRET);
    expect(requestContextOf(out)?.actor).toMatchObject({ id: 'bo', casinos: ['star-sydney'] });
    expect(cleared.headers['Set-Cookie']).toMatch(/^dashboard_session=; .*Max-Age=0/);
    const stranger = request('dashboard_session=not-a-token');
    endConsoleSession(SESSION, response() as never, stranger, SECRET);
    expect(requestContextOf(stranger)?.actor).toBeUndefined();
  });
});
