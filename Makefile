# Pocketchart: `make run` serves the demo practice, `make test` runs every check.
# Both do their own set-up on a fresh machine (Rust, Node 20 and npm are expected).

SHELL := /bin/bash
.DEFAULT_GOAL := run

CARGO_FLAGS := --locked
# Cargo's output folder: target/, or CARGO_TARGET_DIR when set (a clean clone may share one).
CARGO_TARGET_DIR ?= target
RELEASE_BIN := $(CARGO_TARGET_DIR)/release/pocketchart
DEBUG_BIN := $(CARGO_TARGET_DIR)/debug/pocketchart
# Test tools never download a browser: Debian's Chromium is used.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test web web-size-check bench-lighthouse web-deps server server-debug chromium lint check-web e2e e2e-run api-fuzz openapi bench bench-web-size chaos drill help

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

run: web server ## Build everything, then serve the demo practice at http://127.0.0.1:8080/app/
	$(RELEASE_BIN) serve --demo

test: web-deps chromium check-web web web-size-check lint ## Every check: web unit tests, Rust tests on SQLite and PostgreSQL, browser tests
	cargo test $(CARGO_FLAGS) --workspace
	@# `cargo test` has just built target/debug/pocketchart (the CLI tests run it), with the web app embedded.
	$(MAKE) --no-print-directory api-fuzz
	$(MAKE) --no-print-directory e2e-run

web-deps: web/node_modules/.installed ## Install the web app's packages (npm ci)

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web: web-deps ## Build the web app into web/dist (embedded into the server at its build)
	cd web && npm run build

web-size-check: web ## Fail when a page's JavaScript is over its size budget (login 150 KB, first pages after login 200 KB, Brotli)
	cd web && node ../bench/web-size.mjs --check

server: ## Build the release server (after `make web`, so it embeds the web app)
	cargo build --release $(CARGO_FLAGS) -p pocketchart

server-debug:
	cargo build $(CARGO_FLAGS) -p pocketchart

chromium: ## Install Debian's Chromium for the browser tests when missing
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium; }

check-web: web-deps ## Web: API types match the server's document, type check, unit tests
	cd web && npm run check:api && npm run lint && npm run typecheck && npm test

lint: ## Rust formatting and lints
	cargo fmt --all --check
	cargo clippy $(CARGO_FLAGS) --all-targets -- -D warnings

e2e: web-deps chromium server-debug e2e-run ## Browser tests (Playwright, Chromium) against the real server and demo practice

e2e-run:
	cd web && CI=1 POCKETCHART_BIN=$(abspath $(DEBUG_BIN)) npm run e2e

api-fuzz: ## Schemathesis (pinned, in .cache/api-fuzz) against the debug server's own OpenAPI document
	tools/api-fuzz/run.sh $(DEBUG_BIN)

openapi: web-deps ## After changing the API: regenerate the OpenAPI document and the web app's types
	cargo run $(CARGO_FLAGS) -q -p pocketchart -- openapi > web/src/api/openapi.json
	cd web && npm run gen:api

bench: ## Search, orders and day-schedule benchmarks on a generated large practice (see docs/performance.md)
	bench/run.sh

bench-web-size: web ## JavaScript on the wire per page (login and the first pages after login) against the budgets
	cd web && npm run size

bench-lighthouse: web chromium ## Lighthouse (mobile) on the login and first pages, 3 runs each; writes the table in docs/performance.md (POCKETCHART_BIN: server, default the release build)
	cd bench/lighthouse && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
	POCKETCHART_BIN="$${POCKETCHART_BIN:-$(abspath $(RELEASE_BIN))}" POCKETCHART_WEB_DIR=$(abspath web/dist) node bench/lighthouse.mjs

chaos: server-debug ## kill -9 the server CHAOS_CYCLES times (100) under load on SQLite and PostgreSQL, checking every acknowledged write and answered read (not part of `make test`)
	python3 tools/resilience.py chaos

drill: server-debug ## Back up under load, restore to a new database, compare every table's rows (SQLite and PostgreSQL)
	python3 tools/resilience.py drill

.PHONY: bench-interactions
bench-interactions: web server-debug chromium ## Time from a tap to its content (open a patient, the schedule, switch day or resource, search as you type): p50/p95 in Chromium (docs/performance.md)
	POCKETCHART_BIN=$(abspath $(DEBUG_BIN)) node bench/interactions.mjs
