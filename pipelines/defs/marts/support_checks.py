"""Check on marts.gpu_specs: every card's software support is known and sourced (rule S1, issue 34)."""

import dagster as dg

from pipelines.resources.warehouse import WarehouseResource
from pipelines.tables import table_key
from transforms.tiers.rules import ARCHITECTURE_ORDER
from transforms.tiers.software_support import support_gaps
from warehouse.catalog import load_compute_targets, load_software_support
from warehouse.writes import read_frame


@dg.asset_check(asset=table_key("marts.gpu_specs"), blocking=False)
def software_support_known(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    """Every catalog model has an architecture in D16's order, a compute target and known software support;
    every target has the facts its vendor needs, each with a source. A model that fails is never recommended
    (its support is `unknown`); the check names it so that someone adds the facts."""
    with warehouse.read_only() as con:
        specs = read_frame(
            con, "SELECT model_id, vendor, architecture, software_support FROM marts.gpu_specs"
        )
    gaps = support_gaps(specs, load_compute_targets(), load_software_support(), ARCHITECTURE_ORDER)
    listing = "\n".join(f"- {r['subject']}: {r['problem']}" for r in gaps.iter_rows(named=True))
    return dg.AssetCheckResult(
        passed=gaps.is_empty(),
        severity=dg.AssetCheckSeverity.WARN,
        metadata={
            "models": specs.height,
            "problems": gaps.height,
            "details": dg.MetadataValue.md(listing or "none"),
        },
    )
