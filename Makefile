# The two commands of the README: `make run` and `make test`. Both install what a fresh Debian
# machine lacks, build, and then run.
SCALE ?= 20
TSAN_TESTS ?= .
FUZZ_SECONDS ?= 60
MICRO_ARGS ?= --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
BUILD ?= build
JOBS ?= $(shell nproc)
PACKAGES := cmake make g++ libgtest-dev libgmock-dev libbenchmark-dev libnuma-dev liburing-dev zlib1g-dev \
  nlohmann-json3-dev libssl-dev libopenmpi-dev openmpi-bin libmemcached-dev memcached python3 python3-dev python3-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps configure build run test python python-test micro sanitize tsan fuzz soak clean

all: build

# Installs only the Debian packages that are missing.
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# A Graph500 run at SCALE $(SCALE): official block on stdout, JSON report in out/.
run: configure
	cmake --build $(BUILD) -j $(JOBS) --target semibfs
	@mkdir -p out
	./$(BUILD)/semibfs run --scale $(SCALE) --json out/graph500-s$(SCALE).json

test: build
	cd $(BUILD) && ctest --output-on-failure --timeout 900
	$(MAKE) python-test

# The Python package (python/, docs/PYTHON.md) built by `pip install .` into a virtual environment
# in $(BUILD)/python-venv, with what its build and tests need from PyPI (pinned in
# python/requirements-test.txt); Debian's python3, not another one on the PATH, so that
# python3-dev's headers match it.
PYTHON ?= /usr/bin/python3
PYTHON_VENV := $(BUILD)/python-venv
PYTHON_REQUIREMENTS := python/requirements-test.txt
python: deps
	@[ -x $(PYTHON_VENV)/bin/python ] || $(PYTHON) -m venv $(PYTHON_VENV)
	$(PYTHON_VENV)/bin/python -m pip install -q -r $(PYTHON_REQUIREMENTS)
	$(PYTHON_VENV)/bin/python -m pip install -q --no-build-isolation \
	  --config-settings=build-dir=$(BUILD)/python-build .

python-test: python
	cd python/tests && $(abspath $(PYTHON_VENV))/bin/python -m pytest -q -p no:cacheprovider

# Micro-benchmarks of the BFS steps (bench/micro/); SEMIBFS_MICRO_SCALE=S picks the graph, MICRO_ARGS
# passes Google Benchmark flags (default: 5 repetitions, mean/median/stddev/cv only).
micro: configure
	cmake --build $(BUILD) -j $(JOBS) --target semibfs_micro
	./$(BUILD)/semibfs_micro $(MICRO_ARGS)

# The test suite under AddressSanitizer + UndefinedBehaviorSanitizer.
sanitize: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEMIBFS_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure --timeout 1800

# The test suite under ThreadSanitizer. GCC's libgomp is not instrumented, so TSan cannot see its
# barriers and reports false races; clang with LLVM's libomp and its Archer tool can.
ARCHER := /usr/lib/llvm-14/lib/libarcher.so
tsan: deps
	@dpkg -s clang libomp-dev >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq clang libomp-dev; }
	CXX=clang++ cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEMIBFS_TSAN=ON
	cmake --build build-tsan -j $(JOBS)
	cd build-tsan && OMP_TOOL_LIBRARIES=$(ARCHER) \
	  TSAN_OPTIONS="ignore_noninstrumented_modules=1 halt_on_error=1" \
	  ctest --output-on-failure --timeout 3600 -R "$(TSAN_TESTS)"

# libFuzzer runs (fuzz/), FUZZ_SECONDS each, under ASan + UBSan: the graph file readers and crafted
# stores (store); the corpus grows in build-fuzz/corpus/ from the seeds in fuzz/seeds/, and a crash is
# saved in build-fuzz/. clang needs LLVM's libomp for OpenMP.
FUZZERS := snap mtx el g500 auto compressed_list store
fuzz: deps
	@dpkg -s clang libomp-dev >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq clang libomp-dev; }
	CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEMIBFS_FUZZ=ON -DSEMIBFS_TESTS=OFF
	cmake --build build-fuzz -j $(JOBS) --target $(addsuffix _fuzzer,$(FUZZERS))
	for fuzzer in $(FUZZERS); do \
	  mkdir -p build-fuzz/corpus/$$fuzzer && \
	  ./build-fuzz/$${fuzzer}_fuzzer -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/$${fuzzer}- build-fuzz/corpus/$$fuzzer fuzz/seeds/$$fuzzer || exit 1; \
	done

# The reliability soak for SOAK_MINUTES: store writers raced, killed (SIGKILL) and interrupted
# (SIGINT, SIGTERM) at random moments; prints the counts; fails on any wrong outcome. The Python
# package's build joins them where `make python` has made its environment.
SOAK_MINUTES ?= 10
soak: build
	tests/reliability/soak.sh ./$(BUILD)/semibfs $(BUILD)/soak --minutes $(SOAK_MINUTES) \
	  $$([ -x $(PYTHON_VENV)/bin/python ] && echo --python $(PYTHON_VENV)/bin/python)

clean:
	rm -rf $(BUILD) build-asan build-tsan build-fuzz out
