# Two jobs, each from a fresh machine with Python 3.11+:
#   make site   set up .venv, build the rules-reference site, say where it is
#   make test   set up .venv and run the whole test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test bench profile balance lint clean

$(STAMP): pyproject.toml variants/*/pyproject.toml docs/examples/*/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,docs,dev,browser,png]" -e variants/skurling -e variants/gutterbowl -e variants/inducements -e docs/examples/sevens
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/sphinx-build -W -n -q -b html docs docs/_build/html
	@echo "The rules site is at $(CURDIR)/docs/_build/html/index.html"

# pytest exits 5 when it collects no tests: that is a failure, never a pass.
test: $(STAMP)
	@$(BIN)/python -m pytest; status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing" >&2; exit 1; fi; \
	exit $$status

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# Where the simulator's time goes, as a pyinstrument call tree (random coaches; see benchmarks/profile_simulation.py).
profile: $(STAMP)
	$(BIN)/pyinstrument benchmarks/profile_simulation.py random 20

# The Skurling balance reports shown on the site, played again (a few minutes each): the rules as they are, and with a ninth turn.
balance: $(STAMP)
	$(BIN)/bbcore balance --variant skurling variants/skurling/bbcore_skurling/data/teams variants/skurling/examples \
		--matches 10 --seed 1 --jobs 2 --json --plot docs/variants/skurling/_balance/balance.svg > docs/variants/skurling/_balance/balance.json
	$(BIN)/bbcore balance --variant skurling variants/skurling/bbcore_skurling/data/teams variants/skurling/examples \
		--amend variants/skurling/experiments/ninth-turn.yaml \
		--matches 10 --seed 1 --jobs 2 --json --plot docs/variants/skurling/_balance/ninth-turn.svg > docs/variants/skurling/_balance/ninth-turn.json

lint: $(STAMP)
	$(BIN)/ruff check bbcore tests variants benchmarks docs/examples
	$(BIN)/mypy

clean:
	rm -rf $(VENV) docs/_build
