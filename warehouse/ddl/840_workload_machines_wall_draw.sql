-- Twenty-eighth review: the card pages' "LLM models it runs" table said "outlet" for machines that leave under 150 W
-- of the outlet's continuous rating, where the dashboard says "give it the circuit to itself": the machines carry
-- their draw at the wall, so every page can say it
ALTER TABLE marts.llm_workload_machines ADD COLUMN wall_draw_w DOUBLE;
COMMENT ON COLUMN marts.llm_workload_machines.wall_draw_w IS 'What the machine draws at the wall under full load, W (the GPUs at power_cap_pct, CPU and the rest, through the PSU''s efficiency; marts.build_tiers.wall_draw_w''s definition). NULL on rows written before 2026-11-28.';
