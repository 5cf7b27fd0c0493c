"""Catalog validation with a schema: each row must be a valid `CatalogRow`; model ids must be unique.
Impossible rows stop the pipeline with a message naming the row."""

from datetime import date
from typing import Literal

import polars as pl
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

MAX_TDP_W = 1500


class CatalogRow(BaseModel):
    """One sellable GPU model variant. Unknown is None, never a guess."""

    model_config = ConfigDict(extra="ignore")

    model_id: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9\-]*$")
    vendor: Literal["nvidia", "amd", "intel"]
    name: str = Field(min_length=1)
    memory_gb: float = Field(gt=0)
    bandwidth_gbs: float = Field(gt=0)
    fp32_tflops: float = Field(gt=0)
    fp16_tensor_tflops: float | None = Field(default=None, gt=0)
    bf16_tensor_tflops: float | None = Field(default=None, gt=0)
    int8_tensor_tops: float | None = Field(default=None, gt=0)
    has_tensor_cores: bool
    tdp_w: float = Field(gt=0, le=MAX_TDP_W)
    slot_width: float | None = Field(default=None, gt=0, le=5)
    length_mm: float | None = Field(default=None, gt=0, le=400)
    launch_msrp_usd: float | None = Field(default=None, gt=0)
    release_date: date | None = None
    cooling: Literal["blower", "open_air", "passive"] | None = None
    pcie_gen: int | None = Field(default=None, ge=1, le=6)
    form_factor: Literal["pcie", "sxm", "oam"]
    segment: Literal["consumer", "workstation", "datacenter"]
    source: str = Field(min_length=1)

    @model_validator(mode="after")
    def tensor_figures(self) -> "CatalogRow":
        if self.has_tensor_cores:
            if self.fp16_tensor_tflops is None:
                raise ValueError("tensor-core card without dense fp16_tensor_tflops")
            if self.fp16_tensor_tflops < self.fp32_tflops:
                raise ValueError(
                    f"fp16_tensor_tflops {self.fp16_tensor_tflops} below fp32_tflops "
                    f"{self.fp32_tflops} on a tensor-core card"
                )
        return self


def _describe(error: dict) -> str:
    field = ".".join(str(p) for p in error["loc"]) or "row"
    if error["type"] == "missing" or (error["type"].endswith("_type") and error.get("input") is None):
        return f"{field} is missing"
    if field == "row":
        return error["msg"].removeprefix("Value error, ")
    return f"{field} is {error.get('input')!r}: {error['msg']}"


def catalog_problems(catalog: pl.DataFrame) -> list[str]:
    """Every problem found, each naming the row; empty when the catalog is sound."""
    problems = [
        f"duplicate model_id {dup!r}"
        for dup in catalog.filter(pl.col("model_id").is_duplicated())["model_id"].unique().sort().to_list()
    ]
    for i, row in enumerate(catalog.iter_rows(named=True)):
        try:
            CatalogRow.model_validate(row)
        except ValidationError as exc:
            name = row.get("model_id") or f"row {i + 2}"
            problems += [f"{name}: {_describe(e)}" for e in exc.errors()]
    return problems
