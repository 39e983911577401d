# Flipbook's two commands. Both install what is missing, so a fresh Debian machine needs nothing else.
#   make render   build in release mode and render every scene in scenes/ into output/
#   make test     run the whole test suite (what .ci/run runs)

APT_PACKAGES := libpng-dev libbox2d-dev ffmpeg pkg-config python3 libfreetype-dev fonts-dejavu-core librsvg2-bin chromium chromium-driver python3-selenium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: render figures test deps build-release

FLIPBOOK := .build/release/flipbook

render: deps build-release
	$(FLIPBOOK) render --out output
	$(MAKE) --no-print-directory figures

# The README's figures (docs/figures), made from the bundled scenes; deterministic, so a rerun
# rewrites the committed files with the same bytes.
figures:
	$(FLIPBOOK) figure scenes/snap.yaml --kind filmstrip --ticks 0,4,8,12,16,20,24,28,32,36,40,44 --crop motion \
	  --scale 0.5 -o docs/figures/snap-filmstrip.png
	$(FLIPBOOK) figure scenes/damped-resize.yaml --kind plot --value scale --from 0 --to 1.5 --panel-height 200 \
	  --title "Figure 6-1: the damped resize, scale over time" \
	  -o docs/figures/damped-resize-scale.png --svg docs/figures/damped-resize-scale.svg
	$(FLIPBOOK) figure scenes/snap.yaml scenes/watcher.yaml --kind plot --value x,y,angle \
	  --title "The snap: x, y and angle over time, alone and with the frame watcher" \
	  -o docs/figures/snap-plot.png --svg docs/figures/snap-plot.svg
	$(FLIPBOOK) figure scenes/snap.yaml --kind contact-sheet --every 6 --columns 4 --crop motion \
	  --title "The snap, every 6 ticks (0.1 s)" -o docs/figures/snap-contact-sheet.png
	$(FLIPBOOK) figure scenes/transform-nest.yaml --kind onion-skin --every 6 --scale 0.75 \
	  --title "The transform nest forming" -o docs/figures/transform-nest-onion-skin.png
	$(FLIPBOOK) figure scenes/snap-zones.yaml --kind trail --markers-every 10 --scale 0.75 \
	  --title "Snap zones: the card's path" -o docs/figures/snap-zones-trail.png --svg docs/figures/snap-zones-trail.svg

test: deps build-release
	swift test

build-release:
	swift build -c release --product flipbook

# apt-get only when a package is missing; the JSON Schema test needs Python's jsonschema and yaml.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@python3 -c 'import jsonschema, yaml' 2>/dev/null || python3 -m pip install --quiet jsonschema pyyaml 2>/dev/null || \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-jsonschema python3-yaml
