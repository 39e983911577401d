#!/bin/sh
# Renders one scene as N shards with GNU parallel, each worker in its own output folder as N
# separate machines would, then gathers, joins and verifies: the batch-engine recipe of the
# README ("Big renders"), run for real by Tests/EndToEndTests/BatchRecipeTests.swift.
#
#   Examples/BatchRender/parallel-shards.sh SCENE N WORKDIR [render flags…]
#   Examples/BatchRender/parallel-shards.sh scenes/gravity.json 4 /tmp/gravity --jobs 1
#
# Leaves WORKDIR/shard-K/ (what worker K wrote) and WORKDIR/gathered/ (every shard's frames,
# segment videos and manifests, the trace from the shard that ends the scene, the joined
# <scene>.mp4 and its manifest). FLIPBOOK names the binary (default: flipbook on PATH).
# Exits non-zero, with flipbook's message, at the first step that fails.
set -eu

if [ $# -lt 3 ]; then
    echo "usage: $0 SCENE N WORKDIR [render flags…]" >&2
    exit 2
fi
scene=$1
n=$2
work=$3
shift 3
flipbook=${FLIPBOOK:-flipbook}

# 1. Render: N workers at once, worker K renders --shard K/N into its own folder.
#    (On a cluster each line is one machine; see the README for a Kubernetes Indexed Job.)
mkdir -p "$work"
seq 1 "$n" | parallel --will-cite --halt now,fail=1 -j "$n" -q \
    "$flipbook" render "$scene" --shard "{}/$n" --out "$work/shard-{}" --video mp4 "$@"

# 2. Gather: every worker's folder into one (frames, segments, manifests, the trace).
mkdir -p "$work/gathered"
k=1
while [ "$k" -le "$n" ]; do
    cp -R "$work/shard-$k/." "$work/gathered/"
    k=$((k + 1))
done

# 3. Join the segments (concat refuses an incomplete or mixed set, naming what is wrong).
first=$(ls "$work"/gathered/*.frames-000000-*.mp4)
name=$(basename "$first")
name=${name%%.frames-*}
"$flipbook" concat "$work"/gathered/"$name".frames-*.mp4 --out "$work/gathered/$name.mp4"

# 4. Verify: every frame and video against the manifests, every frame of the scene covered.
"$flipbook" verify "$work/gathered"
