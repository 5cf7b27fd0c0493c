"""The Dagster code location (`dg dev`, `dg list defs`, `dg check defs`, workspace.yaml).

Every asset, asset check, job, schedule and sensor is found by Dagster's loader in pipelines/defs/, one
folder per warehouse layer (raw, staging, marts) plus exports: no list of them is kept by hand. Each asset
key is the table it writes (pipelines/tables.py). The resources come from the environment
(pipelines/resources).
"""

from functools import cache
from pathlib import Path

import dagster as dg

from pipelines.resources import build_resources

PROJECT = Path(__file__).resolve().parent


@cache
def project_defs() -> dg.Definitions:
    """Everything under pipelines/defs/, without resources (tests bind their own)."""
    return dg.load_from_defs_folder(path_within_project=PROJECT)


def definitions_with(resources: dict) -> dg.Definitions:
    """The project's definitions bound to `resources`."""
    return dg.Definitions.merge(project_defs(), dg.Definitions(resources=resources))


@dg.definitions
def defs() -> dg.Definitions:
    return definitions_with(build_resources())
