/**
 * How a page keeps its sign-in for the tab: the token given in the URL fragment (`#token=...`, which the browser never
 * sends to the server) or typed into the page's form is kept in sessionStorage under the page's key, so a reload stays
 * signed in and closing the tab forgets it; the fragment is taken out of the address bar so the token is not left on
 * screen or in the history. Never in a URL's query. For a page's inline script: `keptToken(key)` (the fragment's token,
 * kept, else the one kept for the tab, else ''), `keepToken(key, token)`, `forgetToken(key)` (a refused token), and
 * `signIn(key, start)`: the page's form (#auth with #token) keeps a typed token and starts with it, and a token kept
 * for the tab starts the page at once; it answers whether one was kept.
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
function signIn(key, start) {
  document.getElementById('auth').addEventListener('submit', function (event) {
    event.preventDefault();
    var input = document.getElementById('token');
    var typed = input.value.trim();
    input.value = '';
    if (!typed) return;
    keepToken(key, typed);
    start(typed);
  });
  var kept = keptToken(key);
  if (kept) start(kept);
  return !!kept;
}
`;
