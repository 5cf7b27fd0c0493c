-- 370: the answer first (issue 39): a budget build says what it draws at the wall, as a build tier does, so
-- that the first screen can give a machine's power beside its cost and circuit.
ALTER TABLE marts.budget_builds ADD COLUMN IF NOT EXISTS wall_draw_w DOUBLE;
COMMENT ON COLUMN marts.budget_builds.wall_draw_w IS 'What the machine draws at the wall, W: its GPUs (capped to power_cap_pct when capped to fit the outlet, P2) and the platform, through the PSU''s efficiency (marts.build_tiers.wall_draw_w).';
