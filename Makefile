# Two commands: `make play` and `make test`. Both install the package into .venv first, built by
# its own build (setup.py): the engine compiled with mypyc where a C compiler is present, pure
# Python where not. TAROT_BUILD=pure builds pure Python, TAROT_BUILD=pgo profile-guided (README).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# pip's progress and the build's compiler output stay quiet: one line says which engine was built
PIP    := $(BIN)/python -m pip install -qq --disable-pip-version-check
SOURCES := pyproject.toml setup.py scripts/compile.py $(shell find tarot -name '*.py')
# one stamp a build mode, so that another TAROT_BUILD installs again
INSTALLED := $(BIN)/.installed$(if $(TAROT_BUILD),-$(TAROT_BUILD))
# the optional extras the whole suite exercises (pyproject.toml); `make play` needs only cli
TEST_EXTRAS := test,web,rl,openspiel,study,ray,train

.PHONY: install play test test-installed typecheck bench clean

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)

# Installed, not editable: compiled modules in the source tree would be imported before its
# .py files, and the suite on the source tree tests the pure engine. Built again when a source changes.
$(INSTALLED): $(SOURCES) | $(BIN)/python
	@echo "installing tarot into $(VENV) (compiling the engine takes a few minutes the first time)"
	@$(PIP) '.[cli]'
	@cd / && $(abspath $(BIN))/python -c 'import tarot; print(f"tarot {tarot.__version__}: the engine is {tarot.ENGINE}")'
	@rm -f $(BIN)/.installed* && touch $@

# The package alone, in .venv (what `make play` does before it starts the table).
install: $(INSTALLED)

# The extras' packages, resolved against the package installed above (not built again).
$(BIN)/.extras: pyproject.toml $(INSTALLED)
	@echo "installing the packages of the extras the suite uses: $(TEST_EXTRAS)"
	@$(PIP) 'tarot-games[$(TEST_EXTRAS)]'
	@touch $@

play: $(INSTALLED)
	$(BIN)/tarot play $(ARGS)

# The suite on the source tree (pure Python: `python -m` puts the tree first on the path), again
# on the installed package (compiled; run from tests/, where the tree is not on the path; the README
# tour, which runs the commands, once; the browser, database, Ray and training tests once too), then mypy.
test: $(INSTALLED) $(BIN)/.extras
	@$(BIN)/python -c 'import sys, tarot; sys.exit(tarot.COMPILED and "compiled modules in the source tree: make clean")'
	$(BIN)/python -m pytest -q -n auto
	@$(MAKE) --no-print-directory test-installed
	@$(MAKE) --no-print-directory typecheck

# what the installed package's run leaves out: tests that exercise services rather than the engine
ONCE := not tour and not browser and not postgres and not ray and not train and not slow
test-installed: $(INSTALLED) $(BIN)/.extras
	cd tests && $(abspath $(BIN))/python -I -c 'import tarot; print(f"the installed package: {tarot.ENGINE}")'
	cd tests && $(abspath $(BIN))/pytest -q -n auto -m '$(ONCE)' .

typecheck: $(INSTALLED) $(BIN)/.extras
	$(BIN)/python -m mypy tarot

$(BIN)/.bench: $(INSTALLED)
	@$(PIP) 'tarot-games[bench]'
	@touch $@

bench: $(BIN)/.bench
	$(BIN)/python bench/deals_per_second.py

clean:
	rm -rf $(VENV) build *.egg-info
	find tarot -name '*.so' -delete; rm -f *__mypyc*.so
