# asmgl - the two README commands.
#   make run    install what is missing, build, render the demo headless to out/demo.png
#   make test   install what is missing, build, run every test (ctest)
# Other targets: deps, build, install, test-asan (ASan/UBSan build + its tests),
# test-tsan (ThreadSanitizer build + the rasterizer's tests), test-exec-builds (the executor's other build options), fuzz (the libFuzzer
# targets, FUZZ_SECONDS each), bench, clean.

BUILD ?= build
# make install: PREFIX (default /usr/local) and DESTDIR (staging, packagers)
PREFIX ?= /usr/local
DESTDIR ?=
BUILD_ASAN ?= build-asan
BUILD_TSAN ?= build-tsan
BUILD_EXEC ?= build-exec
BUILD_FUZZ ?= build-fuzz
FUZZ_SECONDS ?= 60
# Debug (-O0): clang's UBSan at -O1 and above spends minutes of CPU on
# glprog/gp_exec.c alone (about 12 at -O2); RelWithDebInfo fuzzes faster
# once built (docs/testing.md "Fuzzing").
FUZZ_BUILD_TYPE ?= Debug
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# The compiler's object cache for the tests of build folder $(1): in that
# folder, not the user's (glprog/jit/jit.h "The object cache").  A clean
# build compiles every program once; later runs load objects too.
TEST_CACHE = ASMGL_JIT_CACHE_DIR=$(abspath $(1))/jit-cache

# Debian packages, installed by tools/install-deps when missing.
#   BUILD_PACKAGES  what `make build` (and `make run`) needs: compilers, GL and
#                   glvnd headers, X11 and the demos' window libraries.
#   TEST_PACKAGES   what the tests run besides the build: piglit, the Mesa
#                   peers (OSMesa, llvmpipe through EGL and GLX), Xvfb and the
#                   X tools the window tests use, python3, clang for the
#                   fuzz targets.  tools/tests/deps.sh (ctest tools.deps)
#                   fails when a test calls a program that no package listed
#                   here provides.
BUILD_PACKAGES = build-essential cmake pkg-config mesa-common-dev libglvnd-dev libegl-dev \
                 libgles-dev libx11-dev libxext-dev libglfw3-dev libxrandr-dev libstb-dev \
                 libsquish-dev llvm-15-dev
TEST_PACKAGES = piglit libosmesa6-dev libgl1-mesa-dri libegl-mesa0 libglx-mesa0 mesa-utils \
                xvfb xauth x11-apps python3 clang libclang-rt-14-dev

.PHONY: all deps deps-test build install run test test-backends test-asan test-tsan test-exec-builds fuzz bench clean

all: build

deps:
	@sh tools/install-deps $(BUILD_PACKAGES)

deps-test: deps
	@sh tools/install-deps $(TEST_PACKAGES)

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD) -j$(JOBS)

# Installs into PREFIX (see README.md, "Install"); as root and without
# DESTDIR, refreshes the dynamic linker's cache so that libglvnd finds the
# vendor libraries in a multiarch folder under /usr/local.
install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then ldconfig; fi

run: build
	@mkdir -p out
	__EGL_VENDOR_LIBRARY_FILENAMES=$(abspath $(BUILD))/asmgl_egl.json \
	  $(BUILD)/bin/asmgl-demo-bump --headless --frames 3 -o out/demo.png
	@echo "demo image: $(CURDIR)/out/demo.png"

test: deps-test build
	cd $(BUILD) && $(call TEST_CACHE,$(BUILD)) ctest --output-on-failure -j$(JOBS)

# The conformance suites (tests/programs: nv4 nv5 memory tess), piglit's
# program tests (piglit.conformance and its shader_tests piglit_st.*), the
# legacy GL set (piglit.legacy) and the corpus, once on the interpreter
# alone (ASMGL_JIT=0) and once with every program compiled before its first
# task, with its pair function where it has one on any host
# (ASMGL_JIT_SYNC=1 ASMGL_JIT_PAIRS=1); `make test` runs them as shipped
# (compiled in the background once hot).  tools.backend_images compares the
# images of both.
BACKEND_TESTS = '^(nv4|nv5|memory|tess|piglit_st|corpus)\.|^piglit\.(conformance|legacy)$$'
test-backends: deps-test build
	cd $(BUILD) && ASMGL_JIT=0 ctest --output-on-failure -j$(JOBS) -R $(BACKEND_TESTS)
	cd $(BUILD) && $(call TEST_CACHE,$(BUILD)) ASMGL_JIT_SYNC=1 ASMGL_JIT_PAIRS=1 ctest --output-on-failure -j$(JOBS) -R $(BACKEND_TESTS)

# Sanitizer build: every test under ASan/UBSan but those labelled mesa_peer
# (they exercise Mesa rather than asmgl) and no_asan (they cannot run there:
# see the top CMakeLists.txt); tests that compare with Mesa still load
# OSMesa, whose own never-freed allocations are suppressed.
test-asan: deps-test
	cmake -S . -B $(BUILD_ASAN) -DCMAKE_BUILD_TYPE=Debug -DASMGL_SANITIZE=ON
	cmake --build $(BUILD_ASAN) -j$(JOBS)
	cd $(BUILD_ASAN) && $(call TEST_CACHE,$(BUILD_ASAN)) ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tools/tests/lsan-osmesa.supp ctest --output-on-failure -j$(JOBS) -LE 'mesa_peer|no_asan'

# ThreadSanitizer build of the rasterizer's tests: the executors share the
# scene (parallel binning, tiles taken from row sets, compute work groups)
# and the JIT's compile thread; any report fails the test (exit code 66).
test-tsan: deps
	cmake -S . -B $(BUILD_TSAN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASMGL_TSAN=ON
	cmake --build $(BUILD_TSAN) -j$(JOBS) --target rasterizer_tests
	cd $(BUILD_TSAN) && $(call TEST_CACHE,$(BUILD_TSAN)) ctest --output-on-failure -j$(JOBS) -R '^rasterizer\.' -E 'mesa_tess_gen'

# glprog and its tests in the executor's other builds (glprog/CMakeLists.txt):
# switch dispatch, plain C lane loops and no ISA variants with GCC; the
# default options with Clang (its AVX2 build included).
test-exec-builds: deps-test
	cmake -S . -B $(BUILD_EXEC)/switch-scalar -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DASMGL_EXEC_DISPATCH=switch -DASMGL_EXEC_VECTORS=OFF -DASMGL_EXEC_ISA_VARIANTS=OFF
	$(MAKE) -C $(BUILD_EXEC)/switch-scalar/glprog -j$(JOBS)
	cd $(BUILD_EXEC)/switch-scalar/glprog && $(call TEST_CACHE,$(BUILD_EXEC)/switch-scalar) ctest --output-on-failure -j$(JOBS)
	CC=clang CXX=clang++ cmake -S . -B $(BUILD_EXEC)/clang -DCMAKE_BUILD_TYPE=RelWithDebInfo
	$(MAKE) -C $(BUILD_EXEC)/clang/glprog -j$(JOBS)
	cd $(BUILD_EXEC)/clang/glprog && $(call TEST_CACHE,$(BUILD_EXEC)/clang) ctest --output-on-failure -j$(JOBS)

# libFuzzer targets (clang; docs/testing.md "Fuzzing"), each run for
# FUZZ_SECONDS from the seed corpus in fuzz/corpus/, after replaying the kept
# crash inputs of fuzz/regress/; ends with fuzz: PASS / FAIL.
fuzz: deps-test
	cmake -S . -B $(BUILD_FUZZ) -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DASMGL_FUZZ=ON -DCMAKE_BUILD_TYPE=$(FUZZ_BUILD_TYPE)
	cmake --build $(BUILD_FUZZ) -j$(JOBS) --target fuzz
	cd $(BUILD_FUZZ) && $(call TEST_CACHE,$(BUILD_FUZZ)) ctest --output-on-failure -R '^fuzz\.regress\.'
	fuzz/run $(BUILD_FUZZ) $(FUZZ_SECONDS)

bench: deps-test build
	bench/run --build $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_TSAN) $(BUILD_EXEC) $(BUILD_FUZZ) out
