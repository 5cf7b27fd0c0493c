-- 080: whole machines chosen for value (issue 15).
-- marts.build_tiers and marts.platform_parts are derived from the catalog and the day's marts.gpu_value; their
-- shape changed (use case, platform, TCO, runner-up), so they are dropped and rebuilt: re-materializing a day
-- recomputes its tiers from marts.gpu_value. marts.platforms and marts.budget_builds are new.
DROP TABLE IF EXISTS marts.build_tiers;
DROP TABLE IF EXISTS marts.platform_parts;

ALTER TABLE marts.gpu_value ADD COLUMN IF NOT EXISTS vendor VARCHAR;
ALTER TABLE marts.gpu_value ADD COLUMN IF NOT EXISTS cooling VARCHAR;
COMMENT ON COLUMN marts.gpu_value.vendor IS 'nvidia, amd or intel (D11: tiers and picks take NVIDIA unless configured).';
COMMENT ON COLUMN marts.gpu_value.cooling IS 'open_air, blower or passive: passive cards need a server chassis (D12); budget picks take active cards.';

CREATE TABLE marts.platforms (
    platform_id VARCHAR NOT NULL, condition VARCHAR NOT NULL, kind VARCHAR NOT NULL, tiers VARCHAR NOT NULL,
    description VARCHAR NOT NULL, gpu_positions VARCHAR, case_slots DOUBLE, max_card_slots DOUBLE,
    max_card_length_mm DOUBLE, accepts_cooling VARCHAR NOT NULL, module_socket VARCHAR, cpu VARCHAR NOT NULL,
    cpu_count INTEGER NOT NULL, cpu_cores INTEGER NOT NULL, cpu_threads INTEGER NOT NULL, cpu_boost_ghz DOUBLE,
    cpu_pcie_lanes INTEGER NOT NULL, lanes_per_gpu INTEGER NOT NULL, pcie_gen INTEGER NOT NULL, ram_type VARCHAR,
    ram_max_gb DOUBLE, psu_supply VARCHAR NOT NULL, psu_unit_w DOUBLE, psu_bays DOUBLE, cpu_w DOUBLE NOT NULL,
    platform_w DOUBLE NOT NULL, existing_psu_w DOUBLE, existing_pcie_8pin DOUBLE, source VARCHAR NOT NULL
);
COMMENT ON TABLE marts.platforms IS 'Machine platforms a tier can be built on (board, CPU, case, PSU arrangement), curated in warehouse/catalog/platforms.csv with the rules they follow.';
COMMENT ON COLUMN marts.platforms.platform_id IS 'Key, e.g. x99_ws_used.';
COMMENT ON COLUMN marts.platforms.condition IS 'new or used parts; used GPUs may go on either, new GPUs on new platforms; any = the buyer''s own computer.';
COMMENT ON COLUMN marts.platforms.kind IS 'existing, desktop, workstation, server_pcie or server_sxm.';
COMMENT ON COLUMN marts.platforms.tiers IS 'Tiers it serves, pipe-separated.';
COMMENT ON COLUMN marts.platforms.description IS 'What is assumed.';
COMMENT ON COLUMN marts.platforms.gpu_positions IS 'Expansion-slot positions of the x16 slots (or SXM sockets) for GPUs, pipe-separated.';
COMMENT ON COLUMN marts.platforms.case_slots IS 'Slot openings of the case: the last card must end within them.';
COMMENT ON COLUMN marts.platforms.max_card_slots IS 'Widest card a server bay takes (NULL: no limit but the slots).';
COMMENT ON COLUMN marts.platforms.max_card_length_mm IS 'Longest card the case takes (G17).';
COMMENT ON COLUMN marts.platforms.accepts_cooling IS 'Card coolings it suits (D10, D12), pipe-separated.';
COMMENT ON COLUMN marts.platforms.module_socket IS 'SXM2/SXM4/SXM5 for SXM servers.';
COMMENT ON COLUMN marts.platforms.cpu IS 'CPU(s): the smallest high-clock part meeting G10 (D1).';
COMMENT ON COLUMN marts.platforms.cpu_count IS 'Sockets populated.';
COMMENT ON COLUMN marts.platforms.cpu_cores IS 'Total cores.';
COMMENT ON COLUMN marts.platforms.cpu_threads IS 'Total threads.';
COMMENT ON COLUMN marts.platforms.cpu_boost_ghz IS 'Highest boost clock (D1: single-thread speed).';
COMMENT ON COLUMN marts.platforms.cpu_pcie_lanes IS 'PCIe lanes from the CPU(s).';
COMMENT ON COLUMN marts.platforms.lanes_per_gpu IS 'Electrical lanes each GPU slot runs at with all GPU slots filled (G9: >= 8; D5: 16).';
COMMENT ON COLUMN marts.platforms.pcie_gen IS 'PCIe generation of the GPU slots.';
COMMENT ON COLUMN marts.platforms.ram_type IS 'ddr4, ddr5, ddr4_ecc or ddr5_ecc (priced per GB in marts.platform_parts).';
COMMENT ON COLUMN marts.platforms.ram_max_gb IS 'Most RAM the board takes.';
COMMENT ON COLUMN marts.platforms.psu_supply IS 'atx (bought as sized), included (the server''s own, N+1) or existing (the buyer''s).';
COMMENT ON COLUMN marts.platforms.psu_unit_w IS 'Watts per supply of a server.';
COMMENT ON COLUMN marts.platforms.psu_bays IS 'Supply bays of a server.';
COMMENT ON COLUMN marts.platforms.cpu_w IS 'CPU power under load, W.';
COMMENT ON COLUMN marts.platforms.platform_w IS 'Board, RAM, drives, fans and NIC under load, W.';
COMMENT ON COLUMN marts.platforms.existing_psu_w IS 'The existing computer''s PSU (assumed), W.';
COMMENT ON COLUMN marts.platforms.existing_pcie_8pin IS '8-pin PCIe cables the existing PSU has (assumed).';
COMMENT ON COLUMN marts.platforms.source IS 'Seed rule ids and datasheets behind the platform.';

CREATE TABLE marts.platform_parts (
    part_id VARCHAR NOT NULL, platform_id VARCHAR, part VARCHAR NOT NULL, description VARCHAR NOT NULL,
    capacity_w DOUBLE, ram_type VARCHAR, quantity INTEGER NOT NULL, unit VARCHAR NOT NULL,
    unit_price_usd DOUBLE NOT NULL, condition VARCHAR NOT NULL, price_basis VARCHAR NOT NULL, price_date VARCHAR NOT NULL
);
COMMENT ON TABLE marts.platform_parts IS 'Prices of platform parts (per platform) and of what is sized per machine (RAM per GB, PSU per size, risers, water cooling). Estimates, not tracked listings: see price_basis and price_date.';
COMMENT ON COLUMN marts.platform_parts.part_id IS 'Key.';
COMMENT ON COLUMN marts.platform_parts.platform_id IS 'The platform a fixed part belongs to; NULL for parts priced as sized.';
COMMENT ON COLUMN marts.platform_parts.part IS 'cpu, motherboard, chassis, ssd, network, ram, psu, riser, water_block or water_loop.';
COMMENT ON COLUMN marts.platform_parts.description IS 'What is assumed.';
COMMENT ON COLUMN marts.platform_parts.capacity_w IS 'PSU capacity, W.';
COMMENT ON COLUMN marts.platform_parts.ram_type IS 'RAM type of a per-GB price.';
COMMENT ON COLUMN marts.platform_parts.quantity IS 'How many per platform.';
COMMENT ON COLUMN marts.platform_parts.unit IS 'each or per_gb.';
COMMENT ON COLUMN marts.platform_parts.unit_price_usd IS 'USD per unit.';
COMMENT ON COLUMN marts.platform_parts.condition IS 'new or used.';
COMMENT ON COLUMN marts.platform_parts.price_basis IS 'estimate (curated by the project, not tracked) or tracked.';
COMMENT ON COLUMN marts.platform_parts.price_date IS 'Month the estimate was made.';

CREATE TABLE marts.build_tiers (
    snapshot_date DATE NOT NULL,
    tier VARCHAR NOT NULL,
    use_case VARCHAR NOT NULL,
    vram_floor_gb DOUBLE,
    condition VARCHAR NOT NULL,
    model_id VARCHAR,
    gpu_name VARCHAR,
    gpu_count INTEGER,
    perf_basis VARCHAR,
    platform_id VARCHAR,
    platform VARCHAR,
    unit_price DOUBLE,
    gpu_total_price DOUBLE,
    total_vram_gb DOUBLE,
    total_relative_perf DOUBLE,
    scaling_efficiency DOUBLE,
    scaling_basis VARCHAR,
    cpu VARCHAR,
    cpu_cores INTEGER,
    cpu_threads INTEGER,
    cpu_boost_ghz DOUBLE,
    pcie_gen INTEGER,
    pcie_lanes_per_gpu INTEGER,
    meets_d2l_x16 BOOLEAN,
    ram_gb INTEGER,
    ram_kit VARCHAR,
    slot_plan VARCHAR,
    risers INTEGER,
    water_blocks INTEGER,
    psu_need_w DOUBLE,
    psu_watts INTEGER,
    psu_config VARCHAR,
    d2l_psu_w DOUBLE,
    d2l_tier_psu VARCHAR,
    pcie_8pin_cables INTEGER,
    pcie_16pin_cables INTEGER,
    eps_8pin_cables INTEGER,
    connector_basis VARCHAR,
    gpu_draw_w DOUBLE,
    system_draw_w DOUBLE,
    wall_draw_w DOUBLE,
    outlet_guide_w DOUBLE,
    power_cap_pct_guide DOUBLE,
    outlet_continuous_w DOUBLE,
    power_cap_pct_continuous DOUBLE,
    annual_energy_kwh DOUBLE,
    annual_energy_cost_usd DOUBLE,
    gold_vs_bronze_saving_usd DOUBLE,
    platform_cost_usd DOUBLE,
    total_build_cost_usd DOUBLE,
    horizon_years DOUBLE,
    energy_cost_horizon_usd DOUBLE,
    tco_usd DOUBLE,
    perf_per_1k_usd_tco DOUBLE,
    runner_up_model_id VARCHAR,
    runner_up_gpu_name VARCHAR,
    runner_up_platform_id VARCHAR,
    runner_up_perf_per_1k_usd_tco DOUBLE,
    runner_up_gap_pct DOUBLE,
    card_rule_model_id VARCHAR,
    card_rule_perf_per_1k_usd_tco DOUBLE,
    candidates_considered INTEGER,
    notes VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE marts.build_tiers IS 'Recommended whole machines per day, tier, use case and GPU condition: the GPU model and platform with the best throughput per USD of total cost of ownership, sized by the seed rules, with the runner-up. Platform prices are estimates.';
COMMENT ON COLUMN marts.build_tiers.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.build_tiers.tier IS 'beginner, 1gpu, 2gpu, 4gpu or 8gpu.';
COMMENT ON COLUMN marts.build_tiers.use_case IS 'llm (>= 24 GB per GPU, G2), vision (>= 12 GB, G2) or beginner (>= 8 GB, D14).';
COMMENT ON COLUMN marts.build_tiers.vram_floor_gb IS 'VRAM floor per GPU of the use case.';
COMMENT ON COLUMN marts.build_tiers.condition IS 'Condition of the GPUs: new or used.';
COMMENT ON COLUMN marts.build_tiers.model_id IS 'GPU chosen: the model whose whole machine has the best throughput per USD of TCO (D16 tie-break); NULL when none qualifies.';
COMMENT ON COLUMN marts.build_tiers.gpu_name IS 'Marketing name of the GPU.';
COMMENT ON COLUMN marts.build_tiers.gpu_count IS 'GPUs in the machine.';
COMMENT ON COLUMN marts.build_tiers.perf_basis IS 'measured (published benchmarks) or modelled (fit from specs): how the GPU performance is known.';
COMMENT ON COLUMN marts.build_tiers.platform_id IS 'Platform chosen (marts.platforms).';
COMMENT ON COLUMN marts.build_tiers.platform IS 'Platform description.';
COMMENT ON COLUMN marts.build_tiers.unit_price IS 'Median asking price per GPU, USD.';
COMMENT ON COLUMN marts.build_tiers.gpu_total_price IS 'unit_price x gpu_count.';
COMMENT ON COLUMN marts.build_tiers.total_vram_gb IS 'Memory of all GPUs.';
COMMENT ON COLUMN marts.build_tiers.total_relative_perf IS 'Machine throughput: relative performance x count x scaling efficiency.';
COMMENT ON COLUMN marts.build_tiers.scaling_efficiency IS 'Multi-GPU scaling efficiency used.';
COMMENT ON COLUMN marts.build_tiers.scaling_basis IS 'Where the efficiency comes from (Lambda multi-GPU results).';
COMMENT ON COLUMN marts.build_tiers.cpu IS 'CPU(s) of the platform (D1: fewest fast cores meeting G10).';
COMMENT ON COLUMN marts.build_tiers.cpu_cores IS 'CPU cores (G10: >= 2 per GPU; D7/D8 floors).';
COMMENT ON COLUMN marts.build_tiers.cpu_threads IS 'CPU threads (G10: >= 4 per GPU).';
COMMENT ON COLUMN marts.build_tiers.cpu_boost_ghz IS 'CPU boost clock (D1).';
COMMENT ON COLUMN marts.build_tiers.pcie_gen IS 'PCIe generation of the GPU slots.';
COMMENT ON COLUMN marts.build_tiers.pcie_lanes_per_gpu IS 'Lanes each GPU gets with all slots filled (G9: >= 8).';
COMMENT ON COLUMN marts.build_tiers.meets_d2l_x16 IS 'Whether every GPU gets x16 (D5''s recommendation).';
COMMENT ON COLUMN marts.build_tiers.ram_gb IS 'System RAM bought: the tier figure (D7-D10) and >= 1x total VRAM (G11); NULL in the beginner tier (own computer).';
COMMENT ON COLUMN marts.build_tiers.ram_kit IS 'DIMM kit.';
COMMENT ON COLUMN marts.build_tiers.slot_plan IS 'How the cards sit: board slots used, cards on risers, water blocks (G6, D4, D8, G17).';
COMMENT ON COLUMN marts.build_tiers.risers IS 'Cards on riser cables (priced).';
COMMENT ON COLUMN marts.build_tiers.water_blocks IS 'Cards given water blocks (priced; only when the run config allows).';
COMMENT ON COLUMN marts.build_tiers.psu_need_w IS 'PSU capacity needed: DC load + 10% (G13), the card''s board power being its peak (D2).';
COMMENT ON COLUMN marts.build_tiers.psu_watts IS 'Capacity of the PSU priced (always >= psu_need_w).';
COMMENT ON COLUMN marts.build_tiers.psu_config IS 'PSU arrangement priced.';
COMMENT ON COLUMN marts.build_tiers.d2l_psu_w IS 'What D2''s 350 W per GPU would size, for comparison.';
COMMENT ON COLUMN marts.build_tiers.d2l_tier_psu IS 'The PSU D2L names for the tier (D7-D10).';
COMMENT ON COLUMN marts.build_tiers.pcie_8pin_cables IS '8-pin (6+2) PCIe cables, one per socket (G16).';
COMMENT ON COLUMN marts.build_tiers.pcie_16pin_cables IS '16-pin 12VHPWR / 12V-2x6 cables.';
COMMENT ON COLUMN marts.build_tiers.eps_8pin_cables IS 'EPS (CPU 8-pin) cables datacenter cards take.';
COMMENT ON COLUMN marts.build_tiers.connector_basis IS 'connectors (catalog) or estimated from board power.';
COMMENT ON COLUMN marts.build_tiers.gpu_draw_w IS 'Sum of GPU board power.';
COMMENT ON COLUMN marts.build_tiers.system_draw_w IS 'DC load: GPUs plus CPU and platform, W.';
COMMENT ON COLUMN marts.build_tiers.wall_draw_w IS 'Draw at the outlet: DC load / PSU efficiency (G14 Gold 87%).';
COMMENT ON COLUMN marts.build_tiers.outlet_guide_w IS 'The guide''s socket figure V x A (G7: about 1,800 W in the US).';
COMMENT ON COLUMN marts.build_tiers.power_cap_pct_guide IS 'Per-GPU power limit in % of board power to fit the guide''s socket figure (100 = fits; NULL = needs more than -20%, G8).';
COMMENT ON COLUMN marts.build_tiers.outlet_continuous_w IS 'Continuous rating: 80% of V x A (1,440 W on a US 15 A circuit).';
COMMENT ON COLUMN marts.build_tiers.power_cap_pct_continuous IS 'Per-GPU power limit to fit the continuous rating (100 = fits; NULL = needs more than -20%).';
COMMENT ON COLUMN marts.build_tiers.annual_energy_kwh IS 'Wall energy per year at the configured utilization.';
COMMENT ON COLUMN marts.build_tiers.annual_energy_cost_usd IS 'annual_energy_kwh x electricity price.';
COMMENT ON COLUMN marts.build_tiers.gold_vs_bronze_saving_usd IS 'Yearly saving of an 80 PLUS Gold (87%) over a Bronze (82%) PSU (G14).';
COMMENT ON COLUMN marts.build_tiers.platform_cost_usd IS 'Platform as sized: fixed parts + RAM + PSU + risers or water cooling (estimates, marts.platform_parts).';
COMMENT ON COLUMN marts.build_tiers.total_build_cost_usd IS 'Purchase price: GPUs + platform.';
COMMENT ON COLUMN marts.build_tiers.horizon_years IS 'Years of energy counted in the TCO.';
COMMENT ON COLUMN marts.build_tiers.energy_cost_horizon_usd IS 'Energy over the horizon.';
COMMENT ON COLUMN marts.build_tiers.tco_usd IS 'Total cost of ownership: purchase + energy over the horizon.';
COMMENT ON COLUMN marts.build_tiers.perf_per_1k_usd_tco IS 'Value: total_relative_perf per 1,000 USD of TCO (what the choice maximizes).';
COMMENT ON COLUMN marts.build_tiers.runner_up_model_id IS 'Second-best GPU model for this tier, use case and condition.';
COMMENT ON COLUMN marts.build_tiers.runner_up_gpu_name IS 'Its name.';
COMMENT ON COLUMN marts.build_tiers.runner_up_platform_id IS 'Its platform.';
COMMENT ON COLUMN marts.build_tiers.runner_up_perf_per_1k_usd_tco IS 'Its value.';
COMMENT ON COLUMN marts.build_tiers.runner_up_gap_pct IS 'How much worse its value is, in % (negative when D16 preferred a newer generation over it).';
COMMENT ON COLUMN marts.build_tiers.card_rule_model_id IS 'The GPU the single-card rule (best perf per USD of the card alone) would have chosen.';
COMMENT ON COLUMN marts.build_tiers.card_rule_perf_per_1k_usd_tco IS 'The value of that machine, for comparison.';
COMMENT ON COLUMN marts.build_tiers.candidates_considered IS 'GPU models with a feasible machine in this tier, use case and condition.';
COMMENT ON COLUMN marts.build_tiers.notes IS 'Rules applied (seed ids) and caveats.';
COMMENT ON COLUMN marts.build_tiers.source_mode IS 'live or sample.';

CREATE TABLE marts.budget_builds (
    snapshot_date DATE NOT NULL,
    budget_usd INTEGER NOT NULL,
    use_case VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    tier VARCHAR,
    model_id VARCHAR,
    gpu_name VARCHAR,
    gpu_count INTEGER,
    platform_id VARCHAR,
    total_vram_gb DOUBLE,
    total_relative_perf DOUBLE,
    total_build_cost_usd DOUBLE,
    tco_usd DOUBLE,
    perf_per_1k_usd_tco DOUBLE,
    perf_basis VARCHAR,
    runner_up VARCHAR,
    runner_up_relative_perf DOUBLE,
    runner_up_build_cost_usd DOUBLE,
    notes VARCHAR,
    source_mode VARCHAR NOT NULL
);
COMMENT ON TABLE marts.budget_builds IS 'Budget mode: the best whole machine (1 to 8 GPUs) a purchase budget buys, per use case and condition (G5 lifted to machines).';
COMMENT ON COLUMN marts.budget_builds.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.budget_builds.budget_usd IS 'Purchase budget (GPUs + platform), USD.';
COMMENT ON COLUMN marts.budget_builds.use_case IS 'llm, vision or beginner (VRAM floor per GPU).';
COMMENT ON COLUMN marts.budget_builds.condition IS 'new or used GPUs.';
COMMENT ON COLUMN marts.budget_builds.tier IS 'Tier of the machine chosen.';
COMMENT ON COLUMN marts.budget_builds.model_id IS 'GPU model.';
COMMENT ON COLUMN marts.budget_builds.gpu_name IS 'Its name.';
COMMENT ON COLUMN marts.budget_builds.gpu_count IS 'GPUs.';
COMMENT ON COLUMN marts.budget_builds.platform_id IS 'Platform (marts.platforms).';
COMMENT ON COLUMN marts.budget_builds.total_vram_gb IS 'Memory of all GPUs.';
COMMENT ON COLUMN marts.budget_builds.total_relative_perf IS 'Machine throughput.';
COMMENT ON COLUMN marts.budget_builds.total_build_cost_usd IS 'Purchase price.';
COMMENT ON COLUMN marts.budget_builds.tco_usd IS 'Total cost of ownership.';
COMMENT ON COLUMN marts.budget_builds.perf_per_1k_usd_tco IS 'Value per 1,000 USD of TCO.';
COMMENT ON COLUMN marts.budget_builds.perf_basis IS 'measured or modelled GPU performance.';
COMMENT ON COLUMN marts.budget_builds.runner_up IS 'Next machine by the same rule.';
COMMENT ON COLUMN marts.budget_builds.runner_up_relative_perf IS 'Its throughput.';
COMMENT ON COLUMN marts.budget_builds.runner_up_build_cost_usd IS 'Its purchase price.';
COMMENT ON COLUMN marts.budget_builds.notes IS 'How many machines fit and the value band.';
COMMENT ON COLUMN marts.budget_builds.source_mode IS 'live or sample.';
