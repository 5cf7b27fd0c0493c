"""The one cost model of a machine (issue 36): what owning it costs over the horizon.

    tco = purchase + energy over the horizon - resale at its end

Machine ranking (marts.build_tiers, region_tiers), budget builds and buy-vs-rent all read these figures; no
part of the product prices ownership another way.

Resale (GPUs): a card's used price at the end of the horizon is its launch MSRP times the retention of a card
that old, retention = used median / launch MSRP, from the warehouse's own used prices of the day:

  * observed: the median retention of the priced cards within AGE_WINDOW_YEARS of the card's age at the end
    of the horizon (its age today + the horizon), when at least MIN_RETENTION_CARDS cards are that old;
  * fitted: else a depreciation curve fitted on all of them, log(retention) = a + b x age (least squares;
    needs MIN_FIT_CARDS cards), which carries the trend to ages no priced card has yet;
  * ASSUMPTION (no source): ASSUMED_RESALE_FRACTION of the card's median price when neither is possible (a card
    without a launch MSRP, or a day with too few used prices).

Resale is a share of the card's median price (what it keeps of its launch price), not of what rule B1 paid for a
new card (code review of 2026-11-28), and capped at that median (a card never earns money by ageing). The platform
(CPU, board, RAM, PSU, case) is taken as worth nothing at the end (PLATFORM_RESALE_FRACTION = 0, an ASSUMPTION
that understates resale rather than overstates it). Each machine row says which basis its resale has.
"""

import polars as pl

from transforms.frame_sql import run_sql

MIN_RETENTION_CARDS = 3
MIN_FIT_CARDS = 5
AGE_WINDOW_YEARS = 1.0
ASSUMED_RESALE_FRACTION = 0.5  # ASSUMPTION: half the GPUs' price back, only where nothing is observed
PLATFORM_RESALE_FRACTION = 0.0  # ASSUMPTION: the platform is worth nothing at the end of the horizon


def resale_words(
    basis: str,
    later_age: float | None,
    kept: float | None,
    cards: int | None,
    msrp: float | None,
    horizon: float,
) -> str:
    """A resale's basis in words: `basis` observed (`kept` = the median retention of `cards` cards about
    `later_age` years old), fitted (`kept` = the curve's retention at `later_age`, fitted on `cards` cards) or
    assumed."""
    if basis == "observed":
        return (
            f"observed: cards about {later_age:.0f} years old sell used at {kept:.0%} of "
            f"launch MSRP today (median of {cards}), x this card's MSRP {msrp:,.0f} USD"
        )
    if basis == "fitted":
        return (
            f"fitted: a {later_age:.1f}-year-old card keeps {kept:.0%} of launch MSRP on the curve "
            f"fitted to {cards} cards' used prices today, x this card's MSRP {msrp:,.0f} USD"
        )
    return (
        f"ASSUMPTION: {ASSUMED_RESALE_FRACTION:.0%} of the GPU price back after {horizon:g} years (no "
        "launch MSRP or too few used prices to observe it)"
    )


# Depreciation for every row of a range of days at once (cards_with_specs, one day or years of days). The same
# rule written one card at a time in plain Python, tests/support/depreciation.py, is what the tests hold this
# statement to (tests/pipelines/test_machines_over_a_range.py keeps the two equal). Inputs: _rows (_r, snapshot_date,
# price_median, release_date, launch_msrp_usd), _value (snapshot_date, model_id, condition, price_median,
# enough_listings) and _specs (model_id, release_date, launch_msrp_usd). The median is taken as
# statistics.median takes it; the window is a range join, the exact test applied after it.
RESALE_SQL = f"""
WITH points AS (
    SELECT v.snapshot_date, date_diff('day', s.release_date, v.snapshot_date) / 365.25 AS age,
           v.price_median / s.launch_msrp_usd AS retention
    FROM _value v JOIN _specs s USING (model_id)
    WHERE v.condition = 'used' AND v.enough_listings AND s.launch_msrp_usd > 0 AND s.release_date IS NOT NULL
      AND s.release_date <= v.snapshot_date AND v.price_median IS NOT NULL AND v.price_median <> 0
),
logs AS (SELECT snapshot_date, age, ln(retention) AS y FROM points WHERE retention > 0),
means AS (
    SELECT snapshot_date, count(*) AS n, avg(age) AS mx, avg(y) AS my FROM logs GROUP BY snapshot_date
),
slopes AS (
    SELECT m.snapshot_date, any_value(m.mx) AS mx, any_value(m.my) AS my,
           sum((l.age - m.mx) * (l.y - m.my)) / sum((l.age - m.mx) ** 2) AS b
    FROM means m JOIN logs l USING (snapshot_date)
    WHERE m.n >= {MIN_FIT_CARDS}
    GROUP BY m.snapshot_date
    HAVING sum((l.age - m.mx) ** 2) > 0
),
curves AS (
    SELECT s.snapshot_date, s.my - s.b * s.mx AS a, s.b, c.cards
    FROM slopes s JOIN (SELECT snapshot_date, count(*) AS cards FROM points GROUP BY snapshot_date) c
      USING (snapshot_date)
),
rows AS (
    SELECT _r, snapshot_date, price_median AS price, launch_msrp_usd AS msrp,
           date_diff('day', release_date, snapshot_date) / 365.25 + $horizon AS later_age
    FROM _rows
    WHERE release_date IS NOT NULL AND launch_msrp_usd > 0 AND price_median > 0
),
near AS (
    SELECT r._r, count(*) AS n, list_sort(list(p.retention)) AS kept
    FROM rows r JOIN points p
      ON p.snapshot_date = r.snapshot_date
     AND p.age >= r.later_age - {AGE_WINDOW_YEARS} - 0.001 AND p.age <= r.later_age + {AGE_WINDOW_YEARS} + 0.001
    WHERE abs(p.age - r.later_age) <= {AGE_WINDOW_YEARS}
    GROUP BY r._r
),
observed AS (
    SELECT _r, n,
           CASE WHEN n % 2 = 1 THEN kept[n // 2 + 1] ELSE (kept[n // 2] + kept[n // 2 + 1]) / 2 END AS median
    FROM near WHERE n >= {MIN_RETENTION_CARDS}
)
SELECT r._r,
       CASE WHEN o._r IS NOT NULL THEN 'observed' WHEN c.b IS NOT NULL THEN 'fitted' END AS basis,
       r.later_age,
       coalesce(o.median, exp(c.a + c.b * r.later_age)) AS kept,
       coalesce(o.n, c.cards) AS cards,
       r.msrp,
       least(coalesce(o.median, exp(c.a + c.b * r.later_age)) * r.msrp / r.price, 1.0) AS fraction
FROM rows r LEFT JOIN observed o USING (_r) LEFT JOIN curves c USING (snapshot_date)
WHERE o._r IS NOT NULL OR c.b IS NOT NULL
"""


def resale_frame(
    rows: pl.DataFrame, value: pl.DataFrame, specs: pl.DataFrame, horizon: float, words: bool = True
) -> pl.DataFrame:
    """`rows` (snapshot_date, price_median, release_date, launch_msrp_usd) with resale_fraction and its basis
    in words (resale_basis; null without `words`), from the used prices of `value`'s rows of each row's day."""
    numbered = rows.with_row_index("_r")
    found = run_sql(
        RESALE_SQL,
        {"horizon": float(horizon)},
        rows=numbered.select("_r", "snapshot_date", "price_median", "release_date", "launch_msrp_usd"),
        value=value.select("snapshot_date", "model_id", "condition", "price_median", "enough_listings"),
        specs=specs.select("model_id", "release_date", "launch_msrp_usd"),
    )
    out = numbered.join(found, on="_r", how="left").sort("_r")
    said = None
    if words:
        said = [
            resale_words(b or "assumed", age, kept, cards, msrp, horizon)
            for b, age, kept, cards, msrp in out.select(
                "basis", "later_age", "kept", "cards", "msrp"
            ).iter_rows()
        ]
    return out.select(
        pl.exclude("_r", "basis", "later_age", "kept", "cards", "msrp", "fraction"),
        resale_fraction=pl.col("fraction").fill_null(ASSUMED_RESALE_FRACTION),
        resale_basis=pl.Series(said, dtype=pl.String) if words else pl.lit(None, pl.String),
    )


# rule B1 (transforms.gpu_value.buy_price): a new card's price_usd is the first quartile of its sellers' asks where 8
# or more list it. ASSUMPTION: a machine buys this many new cards at that price and its further ones at the median: the
# sellers under the quartile are a quarter of them, each listing one unit as far as the listings show (review of
# 2026-11-28: three at the quartile priced 4 new RTX 6000 Ada where only 3 sealed listings existed)
CHEAPEST_SELLERS = 1


def cards_cost(price_usd: float, price_median: float, count: int) -> float:
    """What `count` cards of one model and condition cost (B1): CHEAPEST_SELLERS at price_usd (for a used card the
    median; for a new one the first quartile of its sellers' asks where 8 or more list it), the rest at the median."""
    first = min(count, CHEAPEST_SELLERS)
    return first * price_usd + (count - first) * price_median


def cards_cost_expr(count: pl.Expr) -> pl.Expr:
    """cards_cost over frames with price_usd and price_median, `count` cards a row."""
    first = pl.min_horizontal(count, pl.lit(CHEAPEST_SELLERS))
    return first * pl.col("price_usd") + (count - first) * pl.col("price_median")


def tco(purchase_usd: float, energy_horizon_usd: float, resale_usd: float) -> float:
    """Total cost of ownership over the horizon: purchase + energy - resale at the end."""
    return purchase_usd + energy_horizon_usd - resale_usd
