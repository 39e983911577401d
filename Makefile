# Flipbook's two commands. Both install what is missing, so a fresh Debian machine needs nothing else.
#   make render   build in release mode and render every scene in scenes/ into output/
#   make test     run the whole test suite (what .ci/run runs)

APT_PACKAGES := libpng-dev libbox2d-dev ffmpeg pkg-config python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: render test deps build-release

render: deps build-release
	.build/release/flipbook render --out output

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
