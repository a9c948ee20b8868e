# Source this file (`. tools/use-node22.sh`) to run the project on Node.js 22 LTS or newer (package.json
# "engines"). When the machine's node is older, the official Node 22 binary comes from the npm registry's
# `node` package into .cache/node22 (once), and its bin goes first on PATH for this shell; npm then runs on
# it too. A machine with Node 22 or newer is left as it is.
_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_node_major" -lt 22 ]; then
  _root=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)
  if [ ! -x "$_root/.cache/node22/node_modules/.bin/node" ]; then
    echo "node $(node --version 2>/dev/null || echo missing) is older than 22: installing Node 22 from the npm registry into .cache/node22" >&2
    npm install --prefix "$_root/.cache/node22" --no-save --no-audit --no-fund --loglevel=error node@22 >&2
  fi
  export PATH="$_root/.cache/node22/node_modules/.bin:$PATH"
  unset _root
fi
unset _node_major
