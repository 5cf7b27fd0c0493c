"""Scoring the classifier against labels (pure functions on frames; the CLI is tools/evaluate_classifier.py).

Labels: expected_model_id, expected_reason (null = a genuine working single card of a catalog model, to
be kept) and, for lots, lot_quantity. Figures:
  * precision of kept - of the listings the classifier keeps, the share that are genuine single cards of
    exactly the predicted model (right memory variant and form factor: those are different model_ids);
  * recall - of the genuine single cards, the share kept with the right model;
  * per reason (kept counted as a reason) and per model precision/recall, and the list of errors
    (wrong reason, wrong model, or a lot with the wrong count or a wrong model when one is labelled).
"""

from dataclasses import dataclass

import polars as pl

KEPT = "(kept)"


@dataclass
class Scores:
    n: int
    kept: int
    kept_correct: int
    genuine: int
    genuine_found: int
    per_reason: pl.DataFrame
    per_model: pl.DataFrame
    errors: pl.DataFrame

    @property
    def precision_kept(self) -> float:
        return self.kept_correct / self.kept if self.kept else 1.0

    @property
    def recall(self) -> float:
        return self.genuine_found / self.genuine if self.genuine else 1.0


def _tally(
    name: str, keys: list[str], expected: pl.DataFrame, exp_col: str, predicted: pl.DataFrame, pred_col: str
) -> pl.DataFrame:
    """Per key: how often expected, predicted, predicted correctly; precision and recall."""
    rows = [
        {
            name: k,
            "expected": expected.filter(pl.col(exp_col) == k).height,
            "predicted": predicted.filter(pl.col(pred_col) == k).height,
            "correct": predicted.filter((pl.col(pred_col) == k) & pl.col("correct")).height,
        }
        for k in keys
    ]
    schema = {name: pl.String, "expected": pl.Int64, "predicted": pl.Int64, "correct": pl.Int64}
    return pl.DataFrame(rows, schema=schema).with_columns(
        precision=(pl.col("correct") / pl.col("predicted")).round(3),
        recall=(pl.col("correct") / pl.col("expected")).round(3),
    )


def score(labelled: pl.DataFrame, predicted: pl.DataFrame) -> Scores:
    """`labelled` has title, expected_model_id, expected_reason[, lot_quantity]; `predicted` is the
    classify_listings output for the same rows in the same order."""
    exp_lot = (
        pl.col("lot_quantity").cast(pl.Int32, strict=False)
        if "lot_quantity" in labelled.columns
        else pl.lit(None, pl.Int32)
    )
    df = pl.concat(
        [
            labelled.select(
                pl.col("title"),
                pl.col("expected_model_id").cast(pl.String),
                pl.col("expected_reason").cast(pl.String),
                exp_lot.alias("expected_lot"),
            ),
            predicted.select(
                pl.col("model_id").alias("predicted_model_id"),
                pl.col("exclude_reason").alias("predicted_reason"),
                pl.col("lot_quantity").alias("predicted_lot"),
                "evidence",
            ),
        ],
        how="horizontal",
        strict=True,  # the same rows in the same order
    ).with_columns(
        exp_r=pl.col("expected_reason").fill_null(KEPT),
        pred_r=pl.col("predicted_reason").fill_null(KEPT),
    )
    model_ok = pl.col("expected_model_id").eq_missing(pl.col("predicted_model_id"))
    lot_ok = (
        pl.col("expected_lot").is_null() | pl.col("expected_lot").eq_missing(pl.col("predicted_lot"))
    ) & (pl.col("expected_model_id").is_null() | model_ok)
    df = df.with_columns(
        correct=(pl.col("exp_r") == pl.col("pred_r"))
        & pl.when(pl.col("exp_r") == KEPT)
        .then(model_ok)
        .when(pl.col("exp_r") == "lot")
        .then(lot_ok)
        .otherwise(True)
    )
    kept = df.filter(pl.col("pred_r") == KEPT)
    genuine = df.filter(pl.col("exp_r") == KEPT)

    reasons = sorted(set(df["exp_r"].to_list()) | set(df["pred_r"].to_list()))
    per_reason = _tally("reason", reasons, df, "exp_r", df, "pred_r")
    models = sorted(
        set(genuine["expected_model_id"].drop_nulls().to_list())
        | set(kept["predicted_model_id"].drop_nulls().to_list())
    )
    per_model = (
        _tally("model_id", models, genuine, "expected_model_id", kept, "predicted_model_id")
        .with_columns(
            errors=(pl.col("predicted") - pl.col("correct")) + (pl.col("expected") - pl.col("correct")),
        )
        .sort(["errors", "model_id"], descending=[True, False])
    )

    errors = df.filter(~pl.col("correct")).select(
        "title",
        "expected_reason",
        "expected_model_id",
        "expected_lot",
        "predicted_reason",
        "predicted_model_id",
        "predicted_lot",
        "evidence",
    )
    return Scores(
        n=df.height,
        kept=kept.height,
        kept_correct=kept.filter(pl.col("correct")).height,
        genuine=genuine.height,
        genuine_found=genuine.filter(pl.col("correct")).height,
        per_reason=per_reason,
        per_model=per_model,
        errors=errors,
    )
