/**
 * How a page keeps its sign-in for the tab: the token given in the URL fragment (`#token=...`, which the browser never
 * sends to the server) or typed into the page's form is kept in sessionStorage under the page's key, so a reload stays
 * signed in and closing the tab forgets it; the fragment is taken out of the address bar so the token is not left on
 * screen or in the history. Never in a URL's query. For a page's inline script: `keptToken(key)` (the fragment's token,
 * kept, else the one kept for the tab, else ''), `keepToken(key, token)` and `forgetToken(key)` (a refused token).
 */
export const PAGE_TOKEN_SCRIPT = `
function keptToken(key) {
  var fragment = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (fragment) {
    sessionStorage.setItem(key, decodeURIComponent(fragment[1]));
    history.replaceState(null, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(key) || '';
}
function keepToken(key, token) { sessionStorage.setItem(key, token); }
function forgetToken(key) { sessionStorage.removeItem(key); }
`;
