-- Code review of 2026-11-28: the first screen's budget answers gave a power cap without its watts, as the machines'
-- rows had no board power to take them from
ALTER TABLE marts.budget_builds ADD COLUMN gpu_draw_w DOUBLE;
COMMENT ON COLUMN marts.budget_builds.gpu_draw_w IS 'Sum of the GPUs'' board power at the machine''s power cap, W (as marts.build_tiers.gpu_draw_w): with gpu_count and power_cap_pct, each card''s limit in watts (nvidia-smi -pl). NULL on rows written before 2026-11-28.';
