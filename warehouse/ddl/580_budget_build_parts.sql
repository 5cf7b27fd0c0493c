-- 580: a budget's machine names the parts a buyer orders besides the cards, as the build tiers size them (fifth
-- review: the 20,000 and 30,000 USD LLM machines are no tier's default, so no mart gave their PSU or RAM).
ALTER TABLE marts.budget_builds ADD COLUMN cpu VARCHAR;
ALTER TABLE marts.budget_builds ADD COLUMN ram_gb INTEGER;
ALTER TABLE marts.budget_builds ADD COLUMN ram_kit VARCHAR;
ALTER TABLE marts.budget_builds ADD COLUMN psu_watts INTEGER;
ALTER TABLE marts.budget_builds ADD COLUMN psu_config VARCHAR;
ALTER TABLE marts.budget_builds ADD COLUMN slot_plan VARCHAR;
COMMENT ON COLUMN marts.budget_builds.cpu IS 'CPU(s) of the platform, as marts.build_tiers.cpu (D1, G10).';
COMMENT ON COLUMN marts.budget_builds.ram_gb IS 'System RAM bought, as marts.build_tiers.ram_gb (D7-D10, G11).';
COMMENT ON COLUMN marts.budget_builds.ram_kit IS 'DIMM kit, as marts.build_tiers.ram_kit (rule M1).';
COMMENT ON COLUMN marts.budget_builds.psu_watts IS 'Capacity of the PSU priced, as marts.build_tiers.psu_watts (G13, P1; a capped machine''s PSU is sized for its power limit: set the limit at every boot, notes).';
COMMENT ON COLUMN marts.budget_builds.psu_config IS 'PSU units priced, as marts.build_tiers.psu_config.';
COMMENT ON COLUMN marts.budget_builds.slot_plan IS 'How the cards sit, as marts.build_tiers.slot_plan (G6, D4, D8, G17, P3).';
