#!/usr/bin/env bash
# Renames classes for what they are (issue 32), over the whole tree as it is when run:
#   Claim        -> SendBuffer        (transports/core, host): the send buffer nodes take turns to claim
#   Forging      -> ForgingAlgorithm  (transports/testkit): an ElectionAlgorithm that also forges frames
#   Reading      -> Findings          (analysis): the sentences generated per scenario
#   Readings     -> PerElectionProfiler (bench): the JMH profiler (-prof org.electbench.bench.PerElectionProfiler)
#   ScenarioType -> KindDefinition    (transports/core, kind): what defines one ScenarioKind
#   Detect       -> Detectors         (transports/core): which followers' failure detectors may fire
# Each class file (and its <Name>Test.java) is moved with git mv; every usage in Java code is
# rewritten as a whole identifier, in code lines and in {@link}/{@code} references only, so prose
# that happens to start with the word ("Claim a message ...", "Detect ...") is left alone; fully
# qualified names are rewritten in every tracked text file (docs, scripts, poms).
#
# Idempotent: a second run finds nothing to move and nothing to rewrite. Safe after other branches
# are merged: it looks files up by name and rewrites whatever usages exist then, new ones included.
# Run from anywhere inside the repository; then build: mvn -B -o -q install -DskipTests.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

# old new package-path (relative to src/{main,test}/java)
RENAMES=(
  "Claim SendBuffer org/electbench/transport/host"
  "Forging ForgingAlgorithm org/electbench/testkit"
  "Reading Findings org/electbench/analysis"
  "Readings PerElectionProfiler org/electbench/bench"
  "ScenarioType KindDefinition org/electbench/transport/kind"
  "Detect Detectors org/electbench/transport"
)

moved=0
rewritten=0
for entry in "${RENAMES[@]}"; do
  read -r old new pkg <<<"$entry"
  # 1. Move the class and its test, wherever the module now lives (found by package path).
  while IFS= read -r file; do
    [ -n "$file" ] || continue
    dir=$(dirname "$file")
    base=$(basename "$file" .java)
    target="$dir/${base/#$old/$new}.java"
    if [ -e "$target" ]; then
      echo "rename.sh: both $file and $target exist; resolve by hand" >&2
      exit 1
    fi
    git mv "$file" "$target"
    moved=$((moved + 1))
  done < <(git ls-files "*/$pkg/$old.java" "*/$pkg/${old}Test.java")

  # 2. Rewrite usages in Java files: code lines, and {@link ...}/{@code ...} in comments.
  while IFS= read -r file; do
    [ -n "$file" ] || continue
    before=$(md5sum "$file")
    OLD="$old" NEW="$new" perl -i -pe '
      BEGIN { $o = $ENV{OLD}; $n = $ENV{NEW}; }
      if (m{^\s*(\*|/\*|//)}) {
        s/(\{\@(?:link|linkplain|code|value)\s+(?:[\w.]*\.)?)$o\b/$1$n/g;
        s/\b((?:[a-z]\w*\.)+)$o\b/$1$n/g;            # fully qualified in prose: org.electbench...Old
      } else {
        s/(?<![\w\$])$o(Test)?\b/$n$1/g;
      }
    ' "$file"
    [ "$before" = "$(md5sum "$file")" ] || rewritten=$((rewritten + 1))
  done < <(git grep -lw -e "$old" -e "${old}Test" -- '*.java' || true)

  # 3. Fully qualified names anywhere else (docs, scripts, poms, the launcher).
  fq="org.electbench.${pkg#org/electbench/}"
  fq="${fq//\//.}.$old"
  while IFS= read -r file; do
    [ -n "$file" ] || continue
    FQ="$fq" NEWFQ="${fq%.*}.$new" perl -i -pe 's/\Q$ENV{FQ}\E\b/$ENV{NEWFQ}/g' "$file"
    rewritten=$((rewritten + 1))
  done < <(git grep -lwF "$fq" -- ':!*.java' ':!results/**' || true)
done

echo "rename.sh: $moved files moved, $rewritten files rewritten"
