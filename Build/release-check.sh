#!/usr/bin/env bash
# Checks the release binary, what `make install` installs, which the debug build that the tests run
# is not: optimized code can differ (an exclusivity violation, an overflow check, a difference of
# floating point), so each walkthrough and spec-file example must play exactly as its transcript
# says with it too.
#
# Usage: Build/release-check.sh BINARY   (from the package folder; `make test`, `make install` and
# `make bench` run it)
set -euo pipefail

binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
    echo "release-check: $*" >&2
    exit 1
}

same() { # expected actual what
    cmp -s "$1" "$2" || {
        diff "$1" "$2" | head -20 >&2
        fail "$3 differs from $1"
    }
}

for demo in preferences hotspot registration showcase; do
    "$binary" "$demo" --headless --script "demos/$demo.keys" --state "$work/$demo.json" --print-state \
        > "$work/$demo.out" || fail "$demo's walkthrough failed"
    same "demos/$demo.out" "$work/$demo.out" "$demo's walkthrough"
done

for example in registration.yaml:json preferences.toml:json server-setup.yaml:env; do
    spec=${example%%:*}
    name=${spec%%.*}
    TZ=UTC XDG_CONFIG_HOME="$work/config" "$binary" form "demos/forms/$spec" --format "${example##*:}" \
        --headless --size 80x24 --script "demos/forms/$name.keys" > "$work/$name.out" ||
        fail "the $spec example failed"
    same "demos/forms/$name.out" "$work/$name.out" "the $spec example"
done

# `formtui edit` walkthroughs, each on a copy of its file: the screens, and the file they save.
for example in pyproject:pyproject.toml:pyproject ci:ci.yml:workflow settings:settings.json:settings; do
    name=${example%%:*}
    rest=${example#*:}
    file=${rest%%:*}
    mkdir -p "$work/edit"
    cp "demos/edit/$file" "$work/edit/$file"
    XDG_STATE_HOME="$work/state" "$binary" edit "$work/edit/$file" --schema "demos/edit/${rest#*:}.schema.json" \
        --review --headless --script "demos/edit/$name.keys" > "$work/$name.edit.out" ||
        fail "the $name edit walkthrough failed"
    same "demos/edit/$name.out" "$work/$name.edit.out" "the $name edit walkthrough"
    same "demos/edit/$name.saved.${file##*.}" "$work/edit/$file" "the file the $name edit walkthrough saved"
done

echo "release-check: $binary plays every walkthrough and example as recorded"
