# Sourced by the CI scripts and web/build.sh: `install_missing PKG...` installs the
# Debian packages given (the caller lists only the missing ones) quietly; nothing when
# the list is empty.
install_missing() {
  [ $# -gt 0 ] || return 0
  echo "== installing $*"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
