-- Twentieth review: two PSUs were sized as one pooled supply, and the energy columns did not say that hours off
-- load count nothing
COMMENT ON COLUMN marts.build_tiers.psu_config IS 'PSU arrangement priced: one unit (1 x 1000 W), a server''s units with one spare (2+1 x 1600 W redundant), or two ATX units, each carrying its part plus 10% (G13), with the split named (2 x 1000 W (dual PSU: board + 1 card on one, 3 on the other)).';
COMMENT ON COLUMN marts.build_tiers.annual_energy_kwh IS 'Wall energy per year: the wall draw (every card at its capped board power) for the configured share of the hours under load (utilization), nothing for the other hours (idle draw not counted); for an LLM layer split, whose cards take turns while decoding, more than it draws.';
