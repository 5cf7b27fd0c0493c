-- 040: whole-machine recommendations.
CREATE TABLE IF NOT EXISTS marts.build_tiers (
    snapshot_date DATE NOT NULL,
    tier VARCHAR NOT NULL,
    condition VARCHAR NOT NULL,
    model_id VARCHAR,
    gpu_name VARCHAR,
    gpu_count INTEGER NOT NULL,
    unit_price DOUBLE,
    gpu_total_price DOUBLE,
    total_vram_gb DOUBLE,
    total_relative_perf DOUBLE,
    scaling_basis VARCHAR,
    cpu_cores INTEGER,
    cpu_threads INTEGER,
    pcie_lanes INTEGER,
    ram_gb INTEGER,
    ram_kit VARCHAR,
    psu_watts INTEGER,
    psu_config VARCHAR,
    eight_pin_cables INTEGER,
    gpu_draw_w DOUBLE,
    system_draw_w DOUBLE,
    fits_15a_outlet BOOLEAN,
    power_limit_pct_to_fit DOUBLE,
    annual_energy_kwh DOUBLE,
    annual_energy_cost_usd DOUBLE,
    gold_vs_bronze_saving_usd DOUBLE,
    platform_cost_usd DOUBLE,
    total_build_cost_usd DOUBLE,
    notes VARCHAR,
    source_mode VARCHAR NOT NULL,
    PRIMARY KEY (snapshot_date, tier, condition)
);
COMMENT ON TABLE marts.build_tiers IS 'Recommended machines per day, tier (beginner, 1gpu, 2gpu, 4gpu, 8gpu) and GPU condition. Platform costs are estimates.';
COMMENT ON COLUMN marts.build_tiers.snapshot_date IS 'Daily partition.';
COMMENT ON COLUMN marts.build_tiers.tier IS 'beginner, 1gpu, 2gpu, 4gpu or 8gpu.';
COMMENT ON COLUMN marts.build_tiers.condition IS 'Condition of the GPUs priced: new or used.';
COMMENT ON COLUMN marts.build_tiers.model_id IS 'GPU chosen: best performance per USD among cards meeting the tier''s constraints (NULL when none qualifies).';
COMMENT ON COLUMN marts.build_tiers.gpu_name IS 'Marketing name of the GPU.';
COMMENT ON COLUMN marts.build_tiers.gpu_count IS 'GPUs in the machine.';
COMMENT ON COLUMN marts.build_tiers.unit_price IS 'Median asking price per GPU, USD.';
COMMENT ON COLUMN marts.build_tiers.gpu_total_price IS 'unit_price x gpu_count.';
COMMENT ON COLUMN marts.build_tiers.total_vram_gb IS 'Memory of all GPUs.';
COMMENT ON COLUMN marts.build_tiers.total_relative_perf IS 'Relative performance of the machine with multi-GPU scaling applied.';
COMMENT ON COLUMN marts.build_tiers.scaling_basis IS 'measured (Lambda multi-GPU results) or default efficiency.';
COMMENT ON COLUMN marts.build_tiers.cpu_cores IS 'CPU cores: at least 2 per GPU and the tier minimum.';
COMMENT ON COLUMN marts.build_tiers.cpu_threads IS 'CPU threads: at least 4 per GPU.';
COMMENT ON COLUMN marts.build_tiers.pcie_lanes IS 'PCIe lanes for the GPUs (x16 each preferred, x8 minimum).';
COMMENT ON COLUMN marts.build_tiers.ram_gb IS 'System RAM, the tier figure and 1-2x total VRAM, as a real kit size.';
COMMENT ON COLUMN marts.build_tiers.ram_kit IS 'DIMM kit, e.g. 2 x 32 GB.';
COMMENT ON COLUMN marts.build_tiers.psu_watts IS 'PSU size sold that covers the draw plus 10% headroom.';
COMMENT ON COLUMN marts.build_tiers.psu_config IS 'PSU arrangement, e.g. 1 x 1000 W or 2+1 x 1600 W redundant.';
COMMENT ON COLUMN marts.build_tiers.eight_pin_cables IS '8-pin PCIe cables (150 W each, one per socket, no daisy chains).';
COMMENT ON COLUMN marts.build_tiers.gpu_draw_w IS 'Sum of GPU board power.';
COMMENT ON COLUMN marts.build_tiers.system_draw_w IS 'GPUs plus CPU and platform, W.';
COMMENT ON COLUMN marts.build_tiers.fits_15a_outlet IS 'Whether the wall draw fits one US 15 A circuit continuously (1,440 W).';
COMMENT ON COLUMN marts.build_tiers.power_limit_pct_to_fit IS 'Per-GPU power cap in percent of TDP that makes it fit (NULL when it fits already or cannot).';
COMMENT ON COLUMN marts.build_tiers.annual_energy_kwh IS 'Wall energy per year at the configured utilization.';
COMMENT ON COLUMN marts.build_tiers.annual_energy_cost_usd IS 'annual_energy_kwh x electricity price.';
COMMENT ON COLUMN marts.build_tiers.gold_vs_bronze_saving_usd IS 'Yearly saving of an 80 PLUS Gold (87%) over a Bronze (82%) PSU.';
COMMENT ON COLUMN marts.build_tiers.platform_cost_usd IS 'Estimated CPU, board, RAM, PSU, SSD and chassis cost (see marts.platform_parts).';
COMMENT ON COLUMN marts.build_tiers.total_build_cost_usd IS 'GPU cost plus estimated platform cost.';
COMMENT ON COLUMN marts.build_tiers.notes IS 'Rules applied and caveats.';
COMMENT ON COLUMN marts.build_tiers.source_mode IS 'live or sample.';

CREATE TABLE IF NOT EXISTS marts.platform_parts (
    tier VARCHAR NOT NULL,
    part VARCHAR NOT NULL,
    description VARCHAR NOT NULL,
    quantity INTEGER NOT NULL,
    unit_price_usd DOUBLE NOT NULL,
    price_basis VARCHAR NOT NULL,
    PRIMARY KEY (tier, part)
);
COMMENT ON TABLE marts.platform_parts IS 'Curated platform parts per tier (CPU, board, RAM, PSU, SSD, chassis) with estimated prices.';
COMMENT ON COLUMN marts.platform_parts.tier IS 'Build tier.';
COMMENT ON COLUMN marts.platform_parts.part IS 'cpu, motherboard, ram, psu, ssd, chassis, network.';
COMMENT ON COLUMN marts.platform_parts.description IS 'What is assumed.';
COMMENT ON COLUMN marts.platform_parts.quantity IS 'How many.';
COMMENT ON COLUMN marts.platform_parts.unit_price_usd IS 'Estimated price each, USD.';
COMMENT ON COLUMN marts.platform_parts.price_basis IS 'estimated (curated) or tracked (from listings).';
