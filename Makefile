# Two commands: `make play` and `make test`. Both install into .venv first.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[cli,test]'
	touch $@

play: $(BIN)/.installed
	$(BIN)/tarot play $(ARGS)

test: $(BIN)/.installed
	$(BIN)/python -m pytest -q

$(BIN)/.bench: $(BIN)/.installed
	$(BIN)/python -m pip install -q -e '.[bench]'
	touch $@

bench: $(BIN)/.bench
	$(BIN)/python bench/deals_per_second.py

clean:
	rm -rf $(VENV) build *.egg-info
