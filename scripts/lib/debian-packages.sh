# Sourced by scripts/test and scripts/bundle: installs Debian packages that are missing.
# install_missing PACKAGE... : apt-get install them (with sudo when not root), quietly.
install_missing() {
  [ "$#" -gt 0 ] || return 0
  printf '\n==> installing %s (Debian packages)\n' "$*" >&2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# floor_packages: the judge-floor compiler (Debian 12's rustc is 1.63) and its cargo, when
# neither JUDGE_RUSTC nor /usr/bin/rustc provides it.
floor_packages() {
  if [ -n "${JUDGE_RUSTC:-}" ]; then return 0; fi
  if ! [ -x /usr/bin/rustc ]; then echo rustc; fi
  if ! [ -x /usr/bin/cargo ]; then echo cargo; fi
}
