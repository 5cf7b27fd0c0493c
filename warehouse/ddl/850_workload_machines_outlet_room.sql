-- Code review of the twenty-eighth review's round: the card pages judged "the circuit to itself" against the US
-- default outlet while the machines are sized for the run's outlet (mains_volts, mains_amps): the machines carry
-- what their outlet's continuous rating leaves beside them
ALTER TABLE marts.llm_workload_machines ADD COLUMN outlet_room_w DOUBLE;
COMMENT ON COLUMN marts.llm_workload_machines.outlet_room_w IS 'What the continuous rating of the outlet the machine was sized for (the run''s mains: 80% of volts x amps, NEC) leaves beside the machine''s wall_draw_w, W; under 150 W the machine needs the circuit to itself (machine.SHARED_CIRCUIT_W). NULL for a machine on a dedicated circuit, and on rows written before 2026-11-28.';
