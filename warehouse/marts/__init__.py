"""The marts computed from listings, each for a range of days in one call: what the daily assets run
for one day (pipelines/defs/marts/) and a range run or bulk rebuild runs for many (the same code; `make
bench` times it over ten million listings).

Each builder reads its inputs for the range from the warehouse, computes with transforms/, and replaces
the range's rows of its table in one transaction (warehouse/marts/days.py)."""
