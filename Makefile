# Flipbook's two commands. Both install what is missing, so a fresh Debian machine needs nothing else.
#   make render   build in release mode and render every scene in scenes/ into output/
#   make test     run the whole test suite (what .ci/run runs), with a short libFuzzer run and
#                 the example packages that depend on Flipbook (Examples/GoldenCheck by version,
#                 Examples/SnapshotTesting by path)

# What rendering needs (libraries, rlottie for `lottie:` items, ffmpeg, the fonts of text items and figures), and what only the
# tests add: Python's YAML and JSON Schema validator (the schema test), Pillow (the image tests' fixtures and reference scaling), hb-shape and a Devanagari
# font (the shaping tests' reference), an independent SVG renderer, a browser for the HTML reports,
# the player and the studio (chromium-driver and python3-selenium drive it),
# xmllint (JUnit against the Jenkins schema), strace (the fsync before every publishing rename),
# GNU parallel (the batch-engine recipe, run for real), valgrind (callgrind's instruction budget),
# and for the Lottie export's checks (rlottie, a render package, is their first independent
# player) python-lottie (PyPI's lottie, the second, drawn by librsvg) and the Lottie specification's
# schema (PyPI's lottie-specs, read by jsonschema-rs; the Python packages into .build/python).
RENDER_PACKAGES := libpng-dev libdeflate-dev libturbojpeg0-dev libwebp-dev libbox2d-dev libpolyclipping-dev ffmpeg pkg-config libfreetype-dev libharfbuzz-dev libfribidi-dev librlottie-dev fonts-inter fonts-dejavu-core
TEST_PACKAGES := python3 python3-yaml python3-pil python3-jsonschema python3-pip libharfbuzz-bin fonts-lohit-deva librsvg2-bin chromium chromium-driver python3-selenium libxml2-utils strace parallel valgrind
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_LOG := .build/apt.log
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: lottie-gallery lottie-check ci-checks ci-suite-units ci-suite-cli ci-fuzz ci-example-by-version ci-install-check ci-test-avx2 ci-example-test docs render studio build-studio install install-check figures gallery test test-in-scratch test-avx2 build-tests suite lint example-test example-by-version deps test-deps build-release fuzz-build fuzz-short fuzz-run fuzz-replay fuzz-long

FLIPBOOK := .build/release/flipbook

# Every Swift build here keeps line tables as its debug information (a backtrace still names file
# and line) instead of full DWARF, which nobody here reads: on 2 cores the suite's debug build
# took 469 s of CPU with it and 368 s with line tables, the release build 263 s and 226 s
# (docs/benchmark-log.md). Code generation is the same either way.
DEBUG_INFO := -Xswiftc -gline-tables-only -Xcc -gline-tables-only

render: deps build-release
	@$(FLIPBOOK) render --out output
	@$(MAKE) --no-print-directory figures
	@$(MAKE) --no-print-directory gallery

# The README's figures (docs/figures), made from the bundled scenes; deterministic, so a rerun
# rewrites the committed files with the same bytes, and a test (FiguresTests) makes them into a
# folder of its own (FIGURES) to hold the committed ones to that. One line says where they are.
# docs/ios-kit.md's pictures: each kit file's components, light and dark (docs/kit/).
FIGURES ?= docs/figures
KIT_PAGES := example bars bars-dark controls controls-dark lists lists-dark overlays overlays-dark
figures:
	@$(FLIPBOOK) figure scenes/snap.yaml --kind filmstrip --ticks 0,4,8,12,16,20,24,28,32,36,40,44 --crop motion \
	  --scale 0.5 -o $(FIGURES)/snap-filmstrip.png > /dev/null
	@$(FLIPBOOK) figure scenes/damped-resize.yaml --kind plot --value scale --items card --from 0 --to 1.5 --panel-height 200 \
	  --title "The damped resize, scale over time" \
	  -o $(FIGURES)/damped-resize-scale.png --svg $(FIGURES)/damped-resize-scale.svg > /dev/null
	@$(FLIPBOOK) figure scenes/snap.yaml scenes/watcher.yaml --kind plot --value x,y,angle \
	  --title "The snap: x, y and angle over time, alone and with the frame watcher" \
	  -o $(FIGURES)/snap-plot.png --svg $(FIGURES)/snap-plot.svg > /dev/null
	@$(FLIPBOOK) figure scenes/feed.yaml --kind plot --items feed --value content_offset_y,content_velocity_y \
	  --title "The feed: content offset and velocity over time, each scroll callback marked" \
	  -o $(FIGURES)/feed-scroll-plot.png --svg $(FIGURES)/feed-scroll-plot.svg > /dev/null
	@$(FLIPBOOK) figure scenes/snap.yaml --kind contact-sheet --every 6 --columns 4 --crop motion \
	  --title "The snap, every 6 ticks (0.1 s)" -o $(FIGURES)/snap-contact-sheet.png > /dev/null
	@$(FLIPBOOK) figure scenes/transform-nest.yaml --kind onion-skin --every 6 --scale 0.75 \
	  --title "The transform nest forming" -o $(FIGURES)/transform-nest-onion-skin.png > /dev/null
	@$(FLIPBOOK) figure scenes/snap-zones.yaml --kind trail --markers-every 10 --scale 0.75 \
	  --title "Snap zones: the card's path" -o $(FIGURES)/snap-zones-trail.png --svg $(FIGURES)/snap-zones-trail.svg > /dev/null
	@$(FLIPBOOK) figure scenes/spring-gallery.yaml --kind contact-sheet --ticks 20,40 --columns 2 --scale 1 \
	  --title "spring-gallery: each curve named by a text item" -o $(FIGURES)/spring-gallery-labels.png > /dev/null
	@$(FLIPBOOK) figure scenes/images.yaml --kind contact-sheet --ticks 20,60 --columns 2 --scale 0.5 \
	  --title "images and gradients" -o $(FIGURES)/images-still.png > /dev/null
	@$(FLIPBOOK) figure scenes/materials.yaml --kind contact-sheet --ticks 12,60 --columns 2 --scale 0.5 \
	  --title "materials and group opacity" -o $(FIGURES)/materials-still.png > /dev/null
	@$(FLIPBOOK) figure scenes/payment-sent.yaml --kind contact-sheet --ticks 14,22,30,40,60 --columns 5 --scale 0.5 \
	  --crop motion --title "payment-sent: a Lottie checkmark riding the sheet's spring" \
	  -o $(FIGURES)/payment-sent-lottie.png > /dev/null
	@$(FLIPBOOK) figure scenes/settings.yaml --kind contact-sheet --ticks 0,75,110,170 --columns 4 --scale 0.5 \
	  --title "settings: a scene made of the iOS kit" -o $(FIGURES)/settings-kit.png > /dev/null
	@for page in $(KIT_PAGES); do $(FLIPBOOK) figure docs/kit/$$page.yaml --kind contact-sheet --ticks 0 --columns 1 \
	  --scale 1 -o $(FIGURES)/ios-kit-$$page.png > /dev/null || exit 1; done
	@echo "$(FIGURES): the README's figures, made from scenes/, and docs/ios-kit.md's, from docs/kit/"

# The README's gallery (docs/gallery): an animated GIF of each of the best scenes, 240 px wide at
# 20 fps, made by flipbook itself (`--output-scale`, `--video-fps`, and ffmpeg's palettegen over
# the changing pixels with a light Bayer dither for the shadows; a few hundred KB each), and one
# still. Bit-exact ffmpeg flags and no metadata, so a rerun writes the same bytes.
GALLERY_SCENES := widgets post snap-zones pull-down collisions card-flip feed materials
gallery:
	@mkdir -p docs/gallery .build/gallery
	@for scene in $(GALLERY_SCENES); do \
	  $(FLIPBOOK) render scenes/$$scene.yaml --out .build/gallery --video gif --video-fps 20 --output-scale 0.375 \
	    --gif-dither bayer:3 --no-frames --no-player --no-trace > /dev/null || exit 1; \
	  cp .build/gallery/$$scene.gif docs/gallery/$$scene.gif.tmp.gif && mv docs/gallery/$$scene.gif.tmp.gif docs/gallery/$$scene.gif || exit 1; \
	done
	@$(FLIPBOOK) figure scenes/widgets.yaml --kind filmstrip --ticks 0,30,50,75,100,150 --scale 0.5 \
	  -o docs/gallery/widgets-filmstrip.png > /dev/null
	@echo "docs/gallery: $(words $(GALLERY_SCENES)) GIFs ($$(du -ck $(GALLERY_SCENES:%=docs/gallery/%.gif) | tail -1 | cut -f1) KB) and a filmstrip"

# Every test is a Swift Testing test; without XCTest's runner the log has no "Executed 0 tests"
# lines before the real summary.
# The whole run (builds, fuzzing, the suite) has TMPDIR set to a folder of its own, removed when
# everything passed: the tests' scratch folders, the browser's profiles and the compiler's
# temporary folders all land there instead of piling up in /tmp run after run (a run left
# ~330 MB there before). A failing run keeps the folder, since a failing test's files are what
# one wants to look at.
test:
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/flipbook-suite.XXXXXX") || exit 1; \
	if TMPDIR="$$scratch" $(MAKE) --no-print-directory test-in-scratch; then \
	  rm -rf "$$scratch"; \
	else \
	  echo "make test: failed; the run's temporary files are kept in $$scratch" >&2; exit 1; \
	fi

test-in-scratch: deps test-deps
	$(MAKE) --no-print-directory -j4 --output-sync=target ci-checks

# What `make test` runs, as one graph rather than phases: each check starts as soon as the build
# it needs is done. On 2 cores the run is bound by its CPU work, so what the end waits on goes
# first: the suite's debug build and the release build at normal priority, the unit shards as
# soon as the debug build is done, the shards that run the release binary when both are. The
# checks nothing waits on (the fuzzers' build and runs, the by-version example) start at once, at
# nice 10. That reaches their runs but not their builds: SwiftPM's build engine starts every
# compiler at niceness 0, so all four builds share the cores as equals. Deferring those builds
# for real (SCHED_IDLE, which is inherited) made the run longer, 1,174 s against 1,017 s: they
# then ran beside the CPU-bound shards at the end instead of in the main builds' serial stretches
# (docs/benchmark-log.md). The run is bound by its total CPU either way.
ci-checks: lint ci-suite-units ci-suite-cli ci-fuzz ci-example-by-version ci-install-check ci-test-avx2 ci-example-test
ci-suite-units: build-tests
	@$(MAKE) --no-print-directory suite SUITE_SHARDS="units studio"
ci-suite-cli: build-tests build-release
	@$(MAKE) --no-print-directory suite SUITE_SHARDS="end-to-end lottie"
ci-fuzz:
	@nice -n 10 $(MAKE) --no-print-directory fuzz-short
ci-example-by-version:
	@nice -n 10 $(MAKE) --no-print-directory example-by-version
ci-install-check: build-release
	@$(MAKE) --no-print-directory install-check
ci-test-avx2: build-tests
	@$(MAKE) --no-print-directory test-avx2
ci-example-test: build-tests
	@$(MAKE) --no-print-directory example-test

# The suite's debug build has a build folder of its own, so that it runs side by side with the
# release build and the fuzzers' build (SwiftPM locks a build folder for the whole build; the
# release build alone leaves a core idle for minutes while it optimises one module). It keeps
# SwiftPM's index store: on Linux the test discovery reads it (without it the link fails).
SUITE_BUILD := .build/suite
SUITE_BIN = $(SUITE_BUILD)/debug/FlipbookPackageTests.xctest
build-tests:
	@scripts/swift-build-quietly.sh .build/logs/suite-build.log "the test suite (debug)" --build-tests \
	  --disable-xctest --scratch-path $(SUITE_BUILD) $(DEBUG_INFO)

# The Swift suite (what `swift test --disable-xctest` runs) as four processes side by side: the
# end-to-end and golden suites, which mostly wait on ffmpeg, Chromium and the CLI; the Lottie
# player comparisons (below); the studio's in-process server tests; and the rest. Swift Testing
# runs a process's tests on the concurrency pool, one thread per core, and a test waiting on a
# child process holds its thread: in one process the suite kept 1.3 of 2 cores busy (231 s wall,
# 295 s of CPU); as two, 144 s wall. The studio's tests get a process of their own because its
# server answers on that same pool: among the end-to-end tests, which hold both threads for
# minutes, a request once waited past the client's 30 s. Each shard's log is printed whole when
# the shards asked for (SUITE_SHARDS) are done; the run fails if any failed.
# The end-to-end tests and the instruction budget run the release binary built beside the suite
# (FLIPBOOK_TEST_CLI, Tests/EndToEndTests/CLI.swift): the program users run, and its renders cost
# a fraction of the debug build's; the determinism tests still run both.
# The end-to-end tests are two processes: the Lottie player comparisons (rlottie plays every
# frame of 29 scenes: CPU-bound) and the rest, many of which wait on Chromium, a hung ffmpeg or a
# studio's timeouts while holding one of their process's two pool threads; apart, the waits no
# longer leave a core idle at the end of the run.
SUITE_END_TO_END := EndToEndTests|GoldensTests|BenchmarksTests\.InstructionBudgetTests
SUITE_LOTTIE := EndToEndTests\.LottieExportTests
SUITE_STUDIO := StudioTests
SUITE_SHARDS := end-to-end lottie studio units
suite:
	@bin="$(SUITE_BIN)"; logs="$${TMPDIR:-/tmp}/flipbook-suite-logs"; mkdir -p "$$logs" || exit 1; \
	run() { name=$$1; shift; "$$bin" --testing-library swift-testing "$$@" > "$$logs/$$name.log" 2>&1; }; \
	shard() { case $$1 in \
	  end-to-end) (export FLIPBOOK_TEST_CLI=release; run end-to-end --filter '$(SUITE_END_TO_END)' --skip '$(SUITE_LOTTIE)') ;; \
	  lottie) (export FLIPBOOK_TEST_CLI=release; run lottie --filter '$(SUITE_LOTTIE)') ;; \
	  studio) run studio --filter '$(SUITE_STUDIO)' ;; \
	  units) run units --skip '$(SUITE_END_TO_END)|$(SUITE_STUDIO)' ;; \
	  *) echo "suite: no shard named $$1 (SUITE_SHARDS: end-to-end lottie studio units)" > "$$logs/$$1.log"; false ;; \
	esac; }; \
	pids=; for name in $(SUITE_SHARDS); do shard $$name & pids="$$pids $$!"; done; \
	failed=0; for pid in $$pids; do wait $$pid || failed=1; done; \
	for name in $(SUITE_SHARDS); do cat "$$logs/$$name.log"; done; \
	for name in $(SUITE_SHARDS); do \
	  echo "suite: $$name $$(grep -h 'Test run with' "$$logs/$$name.log" | sed 's/^[^T]*//')"; \
	done; \
	test $$failed -eq 0

# `make install` into a scratch prefix (without the studio, whose release build CI does not pay
# for), then the installed command renders from another folder with its player page, and
# `flipbook studio` says how to build the studio.
install-check:
	@prefix="$${TMPDIR:-/tmp}/flipbook-prefix"; rm -rf "$$prefix" "$$prefix-out"; \
	{ $(MAKE) --no-print-directory install PREFIX="$$prefix" STUDIO=no > "$$prefix.log" 2>&1 || { cat "$$prefix.log"; exit 1; }; } && \
	cd "$${TMPDIR:-/tmp}" && "$$prefix/bin/flipbook" render "$(CURDIR)/scenes/snap.yaml" --out "$$prefix-out" \
	  --frames "0..<2" --video none --no-trace > /dev/null && test -s "$$prefix-out/snap/index.html" && \
	{ ! "$$prefix/bin/flipbook" studio > "$$prefix.log" 2>&1 && grep -q "make studio" "$$prefix.log"; } && \
	echo "make install: $$prefix/bin/flipbook renders (and names make studio for the studio)" && rm -rf "$$prefix" "$$prefix-out" "$$prefix.log"

# The rasterizer's tests and the standard workloads' hashes once more as a CPU without AVX-512
# sees them (FLIPBOOK_CPU_LEVEL caps the level the kernels detect): tests that enumerate "every
# level this CPU has" then run on the levels an AVX2-only machine has, whichever machine runs CI.
# The rest of the suite does not depend on the level (every level gives the same bytes).
test-avx2:
	FLIPBOOK_CPU_LEVEL=avx2 $(SUITE_BIN) --testing-library swift-testing --filter 'RasterTests|StandardWorkloadTests'

# The house format (.swift-format: 4-space indent, 120 columns), checked strictly: a file
# `swift format` would change fails the suite. `swift format format -i -r Sources Tests Examples
# Package.swift` applies it.
lint:
	swift format lint --strict -r Sources Tests Examples Package.swift
	python3 scripts/function-lengths.py --limit 80

# Examples/SnapshotTesting (swift-snapshot-testing strategies) depends on Flipbook by path and runs
# its own `swift test`: it resolves Flipbook as a dependency, builds its own test target against
# Flipbook's library products and links its own test bundle. Here it shares the suite's build
# folder (--scratch-path), so the Flipbook modules the debug test build just compiled, with the
# same commands, are reused instead of compiled a second time in the example's own .build.
# Examples/GoldenCheck runs by version instead (example-by-version, below).
example-test:
	cd Examples/SnapshotTesting && swift test --disable-xctest --scratch-path ../../$(SUITE_BUILD) $(DEBUG_INFO)

# The versioned-dependency promise, tested: a copy of Examples/GoldenCheck outside the repository
# depends on Flipbook by version, `.package(url: "file://…/flipbook", from: VERSION)`, on a clone
# of this commit tagged with the version `flipbook --version` prints, and builds and runs its
# golden check and the README's Swift example. SwiftPM checks the dependency out under
# `.build/checkouts/`, where Flipbook's Package.swift sets no unsafe flags, as for any user.
# What is tested is the committed HEAD: uncommitted changes are not in the clone. It needs nothing
# the other builds make, so it runs beside the suite, whose processes mostly wait on ffmpeg and
# the browser (its own build: ~130 s of CPU on 2 cores, measured).
FLIPBOOK_VERSION = $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/FlipbookCLI/Flipbook.swift)
example-by-version:
	@work="$${TMPDIR:-/tmp}/flipbook-by-version"; rm -rf "$$work" && mkdir -p "$$work" && \
	git clone -q --no-local . "$$work/flipbook" && git -C "$$work/flipbook" tag "$(FLIPBOOK_VERSION)" && \
	cp -R Examples/GoldenCheck "$$work/GoldenCheck" && rm -rf "$$work/GoldenCheck/.build" && \
	sed -i 's|.package(name: "Flipbook", path: "../..")|.package(url: "file://'"$$work"'/flipbook", from: "$(FLIPBOOK_VERSION)")|' \
	  "$$work/GoldenCheck/Package.swift" && grep -q 'from: "$(FLIPBOOK_VERSION)"' "$$work/GoldenCheck/Package.swift" && \
	cd "$$work/GoldenCheck" && swift test --disable-xctest $(DEBUG_INFO) > "$$work/log" 2>&1 || { cat "$$work/log"; exit 1; }; \
	grep "Test run with" "$$work/log"; echo "example-by-version: Flipbook $(FLIPBOOK_VERSION) as a versioned dependency builds and passes"; \
	rm -rf "$$work"

# The library products' reference, built with DocC (swift-docc-plugin's
# `swift package generate-documentation`): one combined archive of the modules `import Flipbook`
# re-exports and of FlipbookSnapshotTesting, at .build/docs/Flipbook.doccarchive (static files:
# serve the folder and open /documentation/flipbook). Not part of `make test`: it builds every
# module again to extract its symbols (a few minutes).
DOC_TARGETS := Flipbook SceneModel SceneLoading SceneSyntax Pipeline Goldens ImageDiff Geometry Colors Timing Dynamics \
  FlipbookSnapshotTesting
docs:
	@mkdir -p .build/docs; swift package --allow-writing-to-directory .build/docs generate-documentation \
	  $(DOC_TARGETS:%=--target %) --enable-experimental-combined-documentation \
	  --output-path .build/docs/Flipbook.doccarchive --transform-for-static-hosting > .build/docs.log 2>&1 \
	  || { cat .build/docs.log; exit 1; }; \
	echo "docs: .build/docs/Flipbook.doccarchive ($$(grep -c 'warning:' .build/docs.log) DocC warnings, in .build/docs.log)"

# libFuzzer harnesses, built with AddressSanitizer into .build/fuzz (Tests/Fuzz/README.md): the
# PNG reader (C, the CPNG shim), and in Swift the scene decoder, icon loading, image decoding,
# fonts and text shaping, the rasterizer on decoded display lists, whole renders of mutated
# scenes and Lottie files. `make test` runs each briefly with a fixed seed (33 s of wall time for
# the first seven on the shared 2-core machine at load 6, 20 s of CPU; measured); `make fuzz-long`
# is the documented long run. The short run
# uses a debug build: it compiles in a third of release's CPU time (71 s against 198 s) and its
# 3,000 scene-decoder runs take 8 s instead of 3; the long run, where throughput counts, builds
# in release. -timeout: a case that takes 30 s (a hang in a flattening loop, say) is a failure.
FUZZ := .build/fuzz
FUZZ_CONFIG := debug
fuzz-long: FUZZ_CONFIG := release
FUZZ_FLAGS := -seed=1 -malloc_limit_mb=64 -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 -artifact_prefix=$(FUZZ)/
FUZZ_BIN = $(FUZZ)/$(FUZZ_CONFIG)
FUZZ_PRODUCTS := scene-decode-fuzzer icon-load-fuzzer image-decode-fuzzer text-shape-fuzzer raster-fuzzer \
  scene-render-fuzzer lottie-load-fuzzer
FUZZ_CORPORA := png scene icon image text raster render lottie
# The render harness: extreme numbers spliced in (the dictionary, and its own mutator putting them
# in place of the scene's numbers), one mutation a case so that most mutants still validate
# (SceneRenderFuzzer.swift says what each found).
FUZZ_RENDER_FLAGS := -dict=Tests/Fuzz/extreme-numbers.dict -mutate_depth=1
# Swift's own crash backtracer (on by default on Linux) would catch a trap before libFuzzer and
# read memory through its memserver, which ASan reports as a use-after-free in
# CrashHandlerLinux.cpp instead of the real failure: off, so a trap is libFuzzer's deadly signal.
fuzz-run fuzz-long: export SWIFT_BACKTRACE := enable=no
# Key tables built once a process are not leaks; LeakSanitizer cannot see some of their pointers
# (Tests/Fuzz/lsan.supp says which and why).
fuzz-run fuzz-long fuzz-replay: export LSAN_OPTIONS := suppressions=$(CURDIR)/Tests/Fuzz/lsan.supp
# The icon harness runs without leak detection: Foundation's XMLParser leaks the CFString of the
# NSError it builds for every libxml2 error (144 bytes a malformed icon, _CFErrorCreateFromXMLInterface),
# and the leak scan libFuzzer then runs after each such case made the short run 58 cases a
# second instead of 3,000 (and LeakSanitizer's scan at exit fails the run on them).
FUZZ_ICON_ENV := ASAN_OPTIONS=detect_leaks=0
fuzz-build:
	@mkdir -p $(FUZZ)
	clang -g -O1 -fsanitize=fuzzer,address -fuse-ld=lld -I Sources/CPNG/include Tests/Fuzz/png_decode_fuzzer.c \
	  -lpng -lz -o $(FUZZ)/png-decode-fuzzer
	for product in $(FUZZ_PRODUCTS); do \
	  FLIPBOOK_FUZZERS=1 swift build -c $(FUZZ_CONFIG) --build-path $(FUZZ) --disable-index-store --product $$product $(DEBUG_INFO) \
	    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link || exit 1; \
	done
	python3 Tests/Fuzz/make_png_seeds.py $(FUZZ)/png-seeds
	python3 Tests/Fuzz/make_fuzz_seeds.py $(FUZZ)

fuzz-short: fuzz-build
	$(MAKE) --no-print-directory fuzz-run

# The short runs alone, on harnesses fuzz-build made. Run counts measured on the debug build
# (Tests/Fuzz/README.md): each harness a few seconds.
fuzz-run:
	rm -rf $(FUZZ_CORPORA:%=$(FUZZ)/%-corpus) && mkdir -p $(FUZZ_CORPORA:%=$(FUZZ)/%-corpus)
	$(FUZZ)/png-decode-fuzzer $(FUZZ_FLAGS) -runs=20000 -max_len=4096 $(FUZZ)/png-corpus $(FUZZ)/png-seeds
	$(FUZZ_BIN)/scene-decode-fuzzer $(FUZZ_FLAGS) -runs=3000 -max_len=8192 $(FUZZ)/scene-corpus scenes
	$(FUZZ_ICON_ENV) $(FUZZ_BIN)/icon-load-fuzzer $(FUZZ_FLAGS) -runs=10000 -max_len=8192 $(FUZZ)/icon-corpus $(FUZZ)/icon-seeds
	$(FUZZ_BIN)/image-decode-fuzzer $(FUZZ_FLAGS) -runs=10000 -max_len=32768 $(FUZZ)/image-corpus $(FUZZ)/image-seeds
	$(FUZZ_BIN)/text-shape-fuzzer $(FUZZ_FLAGS) -runs=1000 -max_len=16384 $(FUZZ)/text-corpus $(FUZZ)/text-seeds
	$(FUZZ_BIN)/raster-fuzzer $(FUZZ_FLAGS) -runs=3000 -max_len=1024 $(FUZZ)/raster-corpus $(FUZZ)/raster-seeds
	$(FUZZ_BIN)/scene-render-fuzzer $(FUZZ_FLAGS) $(FUZZ_RENDER_FLAGS) -runs=150 -max_len=8192 $(FUZZ)/render-corpus \
	  $(FUZZ)/scene-render-seeds
	$(FUZZ_BIN)/lottie-load-fuzzer $(FUZZ_FLAGS) -dict=Tests/Fuzz/lottie.dict -runs=2000 -max_len=16384 \
	  $(FUZZ)/lottie-corpus $(FUZZ)/lottie-seeds
	$(MAKE) --no-print-directory fuzz-replay

# The reproducers of fixed failures (Tests/Fuzz/crashers/<harness>/), each replayed once with the
# guards off: a fix that regresses fails here. Open ones wait in Tests/Fuzz/open/.
fuzz-replay: export SWIFT_BACKTRACE := enable=no
fuzz-replay:
	FLIPBOOK_FUZZ_NO_GUARDS=1 $(FUZZ_ICON_ENV) $(FUZZ_BIN)/icon-load-fuzzer $(FUZZ_FLAGS) Tests/Fuzz/crashers/icon-load/*
	FLIPBOOK_FUZZ_NO_GUARDS=1 $(FUZZ_BIN)/raster-fuzzer $(FUZZ_FLAGS) Tests/Fuzz/crashers/raster/*
	FLIPBOOK_FUZZ_NO_GUARDS=1 $(FUZZ_BIN)/scene-render-fuzzer $(FUZZ_FLAGS) Tests/Fuzz/crashers/scene-render/*
	FLIPBOOK_FUZZ_NO_GUARDS=1 $(FUZZ_BIN)/lottie-load-fuzzer $(FUZZ_FLAGS) Tests/Fuzz/crashers/lottie-load/*

fuzz-long: fuzz-build
	mkdir -p $(FUZZ_CORPORA:%=$(FUZZ)/%-corpus)
	$(FUZZ)/png-decode-fuzzer $(FUZZ_FLAGS) -runs=1000000 -max_len=4096 $(FUZZ)/png-corpus $(FUZZ)/png-seeds
	$(FUZZ_BIN)/scene-decode-fuzzer $(FUZZ_FLAGS) -runs=1000000 -max_len=8192 $(FUZZ)/scene-corpus scenes
	$(FUZZ_ICON_ENV) $(FUZZ_BIN)/icon-load-fuzzer $(FUZZ_FLAGS) -runs=1000000 -max_len=8192 $(FUZZ)/icon-corpus $(FUZZ)/icon-seeds
	$(FUZZ_BIN)/image-decode-fuzzer $(FUZZ_FLAGS) -runs=1000000 -max_len=32768 $(FUZZ)/image-corpus $(FUZZ)/image-seeds
	$(FUZZ_BIN)/text-shape-fuzzer $(FUZZ_FLAGS) -runs=1000000 -max_len=16384 $(FUZZ)/text-corpus $(FUZZ)/text-seeds
	$(FUZZ_BIN)/raster-fuzzer $(FUZZ_FLAGS) -runs=1000000 -max_len=1024 $(FUZZ)/raster-corpus $(FUZZ)/raster-seeds
	$(FUZZ_BIN)/scene-render-fuzzer $(FUZZ_FLAGS) $(FUZZ_RENDER_FLAGS) -runs=1000000 -max_len=8192 $(FUZZ)/render-corpus \
	  $(FUZZ)/scene-render-seeds
	$(FUZZ_BIN)/lottie-load-fuzzer $(FUZZ_FLAGS) -dict=Tests/Fuzz/lottie.dict -runs=1000000 -max_len=16384 \
	  $(FUZZ)/lottie-corpus $(FUZZ)/lottie-seeds
	FLIPBOOK_MUTATION_CASES=all swift test --disable-xctest --filter ExtremeNumberTests/extremeNumbers

# Builds print one line; SwiftPM's detail goes to a log under .build (scripts/swift-build-quietly.sh).
build-release:
	@scripts/swift-build-quietly.sh .build/logs/release-build.log "flipbook (release)" -c release --product flipbook \
	  $(DEBUG_INFO)

# The studio is its own program (flipbook-studio, run by `flipbook studio`): its server stack
# (Hummingbird, swift-nio) is built only here, never by `make render`. `make studio` builds it
# and serves scenes/ on http://127.0.0.1:8123/.
build-studio:
	@scripts/swift-build-quietly.sh .build/logs/studio-build.log "flipbook-studio (release)" -c release --product flipbook-studio \
	  $(DEBUG_INFO)

studio: deps build-release build-studio
	$(FLIPBOOK) studio scenes

# `make install` (PREFIX=/usr/local, DESTDIR for packaging): the binary and the player's resource
# bundle together under $(PREFIX)/lib/flipbook, where the binary finds the bundle (SwiftPM looks
# beside the executable, symlinks resolved), and $(PREFIX)/bin/flipbook linking to it; the
# studio's program beside it unless STUDIO=no.
PREFIX ?= /usr/local
STUDIO ?= yes
install: deps build-release $(if $(filter yes,$(STUDIO)),build-studio)
	install -d $(DESTDIR)$(PREFIX)/lib/flipbook $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/flipbook $(DESTDIR)$(PREFIX)/lib/flipbook/flipbook
	$(if $(filter yes,$(STUDIO)),install -m 755 .build/release/flipbook-studio $(DESTDIR)$(PREFIX)/lib/flipbook/flipbook-studio)
	rm -rf $(DESTDIR)$(PREFIX)/lib/flipbook/Flipbook_Player.resources $(DESTDIR)$(PREFIX)/lib/flipbook/Flipbook_Kit.resources
	cp -R .build/release/Flipbook_Player.resources .build/release/Flipbook_Kit.resources $(DESTDIR)$(PREFIX)/lib/flipbook/
	ln -sf ../lib/flipbook/flipbook $(DESTDIR)$(PREFIX)/bin/flipbook
	@echo "installed $(DESTDIR)$(PREFIX)/bin/flipbook"

# apt-get only when a package is missing, its output in $(APT_LOG): one line on success, the
# log's tail on failure. Render packages come without apt's recommendations (ffmpeg's pull in
# desktop libraries a renderer never loads); test packages keep them (a browser needs its fonts).
define install_missing
	@missing=""; \
	for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  mkdir -p .build; \
	  printf 'Installing%s ... ' "$$missing"; \
	  if { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(2) $$missing; } >$(APT_LOG) 2>&1; then \
	    echo "done (log: $(APT_LOG))"; \
	  else \
	    echo "failed; the end of $(APT_LOG):"; tail -n 20 $(APT_LOG); exit 1; \
	  fi; \
	fi
endef

deps:
	$(call install_missing,$(RENDER_PACKAGES),--no-install-recommends)

# The Lottie schema check's two Python packages (Tests/Tools/validate_lottie.py says why each), the
# second Lottie player, python-lottie (Tests/Tools/lottie_svg_play.py), and for IconSetTests the
# resvg command-line tool (resvg-cli, the SVG renderer of record) and Heroicons (heroicons, which
# ships the icon set's SVG files in a zip, unpacked into .build/icon-sets).
TEST_PYTHON := lottie-specs==0.5.2 jsonschema-rs==0.61.2 lottie==0.7.2 resvg-cli==0.44.0 heroicons==2.14.0
test-deps:
	$(call install_missing,$(TEST_PACKAGES),)
	@test -d .build/python/lottie_specs -a -d .build/python/jsonschema_rs -a -d .build/python/lottie \
	  -a -x .build/python/bin/resvg -a -f .build/python/heroicons/heroicons.zip || { mkdir -p .build && \
	  python3 -m pip install --quiet --disable-pip-version-check --upgrade --target .build/python $(TEST_PYTHON) \
	  > .build/pip.log 2>&1 || { echo "pip could not install $(TEST_PYTHON):"; tail -n 20 .build/pip.log; exit 1; }; }
	@test -d .build/icon-sets/heroicons || { rm -rf .build/icon-sets/heroicons.partial && \
	  python3 -m zipfile -e .build/python/heroicons/heroicons.zip .build/icon-sets/heroicons.partial && \
	  mv .build/icon-sets/heroicons.partial .build/icon-sets/heroicons; }

# The README's clip of a scene playing from its Lottie file: snap exported, played by rlottie
# (Tests/Tools/rlottie_compare.c --play), made a 240 px GIF by ffmpeg as the gallery's are.
lottie-gallery: deps test-deps build-release
	@mkdir -p .build/tools && rm -rf .build/lottie-play && mkdir -p .build/lottie-play && \
	cc -O2 Tests/Tools/rlottie_compare.c -lrlottie -lpng -o .build/tools/rlottie-compare && \
	$(FLIPBOOK) export scenes/snap.yaml -o .build/lottie-play/snap.json > /dev/null && \
	.build/tools/rlottie-compare --play .build/lottie-play/snap.json 640 1136 .build/lottie-play > /dev/null && \
	ffmpeg -v error -y -framerate 60 -i .build/lottie-play/frame_%05d.png -fflags +bitexact -map_metadata -1 \
	  -vf "fps=20,scale=240:-1:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle" \
	  .build/lottie-play/snap-lottie.gif && mv .build/lottie-play/snap-lottie.gif docs/gallery/snap-lottie.gif && \
	echo "docs/gallery/snap-lottie.gif: scenes/snap.yaml played by rlottie from its Lottie export"

# Every bundled scene exported as Lottie, each export's summary (size, KB per layer-second,
# keyframes against one per tick) with its time, then checked against the Lottie specification's
# schema, with the count of layer warnings (`make test` checks the same, in LottieExportTests).
lottie-check: deps test-deps build-release
	@dir=$$(mktemp -d) && for scene in scenes/*.yaml; do start=$$(date +%s%N); \
	  line=$$($(FLIPBOOK) export $$scene -o $$dir/$$(basename $$scene .yaml).json 2>> $$dir/warnings.txt) || exit 1; \
	  echo "$${line#$$dir/}; exported in $$(( ($$(date +%s%N) - start) / 1000000 )) ms"; done && \
	echo "lottie-check: $$(ls $$dir/*.json | wc -l) scenes exported, $$(grep -c warning: $$dir/warnings.txt) layer warnings" && \
	PYTHONPATH=.build/python python3 Tests/Tools/validate_lottie.py $$dir/*.json && rm -rf $$dir
