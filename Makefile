# Two commands: `make play` and `make test`. Both install into .venv first.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test test-fast typecheck fast pure bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[cli,test]'
	touch $@

play: $(BIN)/.installed
	$(BIN)/tarot play $(ARGS)

test: $(BIN)/.installed
	$(BIN)/python -m pytest -q -n auto
	$(MAKE) --no-print-directory test-fast
	$(MAKE) --no-print-directory typecheck

# The types of the whole package (mypy comes with the fast extra, which test-fast installs).
typecheck: $(BIN)/.fast
	$(BIN)/python -m mypy tarot

# The engine compiled with mypyc (optional, about twice as fast; docs/benchmarks.md). With GCC
# the build is profile-guided (about 3 minutes; `scripts/compile.py --no-pgo` takes half).
$(BIN)/.fast: $(BIN)/.installed
	$(BIN)/python -m pip install -q -e '.[fast]'
	touch $@

fast: $(BIN)/.fast
	$(BIN)/python scripts/compile.py

pure: $(BIN)/.installed
	$(BIN)/python scripts/compile.py --clean

# The test suite again on a compiled copy of the engine (skipped without a C compiler).
FAST_COPY ?= build/fast-test
test-fast: $(BIN)/.fast
	@if command -v $${CC:-cc} >/dev/null || command -v gcc >/dev/null; then \
		$(BIN)/python scripts/compile.py --into $(FAST_COPY) && \
		cd $(FAST_COPY) && PYTHONPATH=. $(abspath $(BIN))/python -c 'import tarot; assert tarot.COMPILED' && \
		PYTHONPATH=. $(abspath $(BIN))/python -m pytest -q -n auto tests; \
	else echo "no C compiler: the compiled engine is not tested"; fi

$(BIN)/.bench: $(BIN)/.installed
	$(BIN)/python -m pip install -q -e '.[bench]'
	touch $@

bench: $(BIN)/.bench
	$(BIN)/python bench/deals_per_second.py

clean:
	rm -rf $(VENV) build *.egg-info
	find tarot -name '*.so' -delete; rm -f *__mypyc*.so
