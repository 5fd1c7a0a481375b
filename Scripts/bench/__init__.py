"""loadwrap's benchmark (`make bench`): run through Scripts/bench.py; the figures are in table.py."""
