-- 570: the LLM workload machines follow O1 as the build tiers do: per card and count the best machine from a standard
-- outlet, or from a dedicated circuit where none runs from the outlet (fifth review: 4 RTX 6000 Ada were shown on a
-- 240 V board the tier does not build).
COMMENT ON COLUMN marts.llm_workload_machines.platform_id IS 'The platform of the machine (marts.platforms), as the build tiers size it: the card''s best machine of this count from a standard outlet, or from a dedicated circuit where none runs from the outlet (O1, the build tiers'' default).';
