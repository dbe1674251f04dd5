#!/usr/bin/env bash
# Builds once on this node, then submits the shard array and the report that waits for it:
#   ELECTBENCH_HOME=$PWD deploy/slurm/submit.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export ELECTBENCH_HOME="${ELECTBENCH_HOME:-$(cd "$here/../.." && pwd)}"
"$ELECTBENCH_HOME/electbench" --version >/dev/null
shards="$(sbatch --parsable --export=ALL "$here/electbench-shards.sbatch")"
sbatch --parsable --export=ALL --dependency="afterok:${shards%%;*}" "$here/electbench-report.sbatch"
echo "submitted: shards ${shards%%;*}, then the report; results in ${ELECTBENCH_RESULTS:-$ELECTBENCH_HOME/results/shards}" >&2
