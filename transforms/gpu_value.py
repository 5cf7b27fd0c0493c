"""Performance per USD per model and condition, and the ratios beside it (marts.gpu_value).

Per use case: the training index (relative_perf, rank_overall), vision and LLM inference (transforms.perf_indices)."""

import polars as pl

from transforms.price_daily import GRADE_D
from transforms.tiers.config import TierConfig
from transforms.tiers.rules import BUY_NEW, DEFAULT_VENDORS  # BUY_NEW: how new_under_used's words end
from transforms.tiers.software_support import support_blocker, support_blocks
from transforms.use_cases import USE_CASES

MIN_LISTINGS = 3
USE_CASE_COLUMNS = ("perf_vision", "perf_vision_basis", "perf_llm_inference", "perf_llm_inference_basis")
VALUE_CONDITIONS = ("new", "used")
VALUE_CONDITIONS_SQL = "(" + ", ".join(f"'{c}'" for c in VALUE_CONDITIONS) + ")"  # for a SQL IN


def vram_class(vram: pl.Expr) -> pl.Expr:
    return (
        pl.when(vram >= 48)
        .then(pl.lit("48+ GB"))
        .when(vram >= 24)
        .then(pl.lit("24-47 GB"))
        .when(vram >= 12)
        .then(pl.lit("12-23 GB"))
        .otherwise(pl.lit("<12 GB"))
    )


PLUG_IN = pl.col("form_factor").fill_null("pcie") == "pcie"
"""Cards that go in a desktop or workstation slot; SXM and OAM modules need a server board."""

SUPPORT_SPEC_COLUMNS = {
    "architecture": pl.String,
    "bf16": pl.Boolean,
    "fp16_tensor": pl.Boolean,
    "software_support": pl.String,
    "support_ends": pl.Date,
    "support_label": pl.String,
    "support_note": pl.String,
}


def _words(condition: pl.Expr, words: pl.Expr | str) -> pl.Expr:
    return pl.when(condition).then(words if isinstance(words, pl.Expr) else pl.lit(words))


def _gb() -> pl.Expr:
    """The card's memory in words: 11, 10.5."""
    return pl.col("vram_gb").round(1).cast(pl.String).str.strip_suffix(".0")


def _joined(parts: list[pl.Expr]) -> pl.Expr:
    """The parts that are not NULL, joined by '; '; NULL when none is."""
    return pl.concat_str(parts, separator="; ", ignore_nulls=True).replace("", None)


CARD_CAVEATS = ("_card_caveats_before", "_card_caveats_after")


# thirty-first review: a card powered through an 8-pin EPS (CPU) socket (the RTX A6000, the passive Tesla and A-series
# cards: marts.gpu_specs.power_connectors) takes no PCIe lead, and nothing said so where a buyer decides
EPS_WORDS = "8-pin EPS (CPU) power socket: a PSU's PCIe lead does not fit"
PASSIVE_WORDS = "passive: needs server airflow (no fan of its own: a desktop needs a fan shroud on it)"


def eps_powered(specs: pl.DataFrame) -> pl.DataFrame:
    """Per model of `specs` (marts.gpu_specs), `_eps`: whether the boards a buyer most likely receives (P3), or the
    reference board, take an 8-pin EPS (CPU) power plug."""
    cols = [c for c in ("board_power_connectors", "power_connectors") if c in specs.columns]
    plugs = pl.coalesce(*cols) if cols else pl.lit(None, pl.String)
    return specs.select("model_id", _eps=plugs.fill_null("").str.contains(r"\bEPS\b"))


def card_caveats() -> tuple[pl.Expr, pl.Expr]:
    """The caveats that depend on the card alone (its specs), those before and those after its software support's
    in caveats' order: computed once per model and joined to the rows (benchmark 2: a caveat column over 489,570
    rows took 0.6 s of gpu_value's 1.0 s when every row formatted them). The rows carry `_eps` (eps_powered): an
    EPS-powered card says so."""
    vendor = pl.col("vendor").fill_null("unknown")
    form = pl.col("form_factor").fill_null("pcie")
    module = pl.col("name").str.extract(r"(SXM\d?)", 1).fill_null("SXM")
    before = [
        _words(form == "sxm", pl.format("server only: needs an {} baseboard", module)),
        _words(form == "oam", "server only: needs an OAM baseboard"),
        _words((form == "pcie") & (pl.col("cooling") == "passive"), PASSIVE_WORDS),
        _words(pl.col("_eps").fill_null(False), EPS_WORDS),
    ]
    fp16_tensor, bf16 = pl.col("fp16_tensor").fill_null(False), pl.col("bf16").fill_null(False)
    # S2's consequence in words (twenty-eighth review: "no fp16 tensor cores" beside "11 GB: beginner only" read as
    # a card for beginners, which S2 keeps it from): vision and beginner need fp16 tensor cores, LLM bf16
    after = [
        _words(
            ~fp16_tensor & ~bf16, "no fp16 tensor cores or bf16: not for training or LLM use by default (S2)"
        ),
        _words(~fp16_tensor & bf16, "no fp16 tensor cores: not for training by default (S2)"),
        _words(fp16_tensor & ~bf16, "no bf16: not for LLM use by default"),
        _words(
            ~vendor.is_in(list(DEFAULT_VENDORS or [])),
            pl.format("{}: outside the default (D11: CUDA)", vendor.str.to_uppercase()),
        ),
        _words(
            (vendor != "nvidia") & (pl.col("perf_basis") != "measured"),
            pl.format("{}: modelled figure", vendor.str.to_uppercase()),
        ),
        _words(
            pl.col("vram_gb") < min(USE_CASES.values()),
            pl.format("{} GB: under every use case's memory floor (D14: 8 GB)", _gb()),
        ),
        _words(
            pl.col("vram_gb").is_between(min(USE_CASES.values()), USE_CASES["vision"], closed="left")
            & fp16_tensor,
            pl.format(
                "{} GB: beginner only (G2: vision needs {} GB, LLM {} GB)",
                _gb(),
                pl.lit(USE_CASES["vision"]),
                pl.lit(USE_CASES["llm"]),
            ),
        ),
        _words(
            pl.col("vram_gb").is_between(min(USE_CASES.values()), USE_CASES["vision"], closed="left")
            & ~fp16_tensor,
            pl.format(
                "{} GB: under vision's {} GB and LLM's {} GB (G2)",
                _gb(),
                pl.lit(USE_CASES["vision"]),
                pl.lit(USE_CASES["llm"]),
            ),
        ),
    ]
    return _joined(before).alias(CARD_CAVEATS[0]), _joined(after).alias(CARD_CAVEATS[1])


def caveats(horizon_years: float = TierConfig.horizon_years) -> pl.Expr:
    """Every reason, in words, that a card is not recommended by default or is limited; NULL when none. The
    top lists, the dashboard and the export show it in the card's row (issue 34). Over rows that carry
    card_caveats' two columns: the card's own, its software support on the row's day, then the row's price."""
    return _joined(
        [
            pl.col(CARD_CAVEATS[0]),
            support_blocker(pl.col("snapshot_date"), horizon_years),
            pl.col(CARD_CAVEATS[1]),
            _words(~pl.col("enough_listings"), "fewer than 3 listings"),
            _words(pl.col("price_confidence") == GRADE_D, "price grade D: one seller or nearly"),
            new_under_used(),
        ]
    )


# the price in words, where a table shows price_usd (the export, the dashboard, the card pages)
BUY_PRICE_WORDS = (
    "price: a used card's is its median ask; a new card's is the first quartile of its sellers' asks where 8 or more "
    "sellers list it (new units are alike, so a buyer takes a cheaper seller's over the resellers'), its median with "
    "4 or fewer, and a quarter of the way from one to the other for each seller between (B1); a machine buys its "
    "second new card and more at the median"
)


# as a sentence of its own (the export's words)
BUY_PRICE_SENTENCE = BUY_PRICE_WORDS[:1].upper() + BUY_PRICE_WORDS[1:] + "."
# the same, short, where the page has no room for the reason (the dashboard's value table)
BUY_PRICE_SHORT = (
    "price: new, the first quartile of 8+ sellers' asks (4 or fewer: the median; between, a blend); used, the median "
    "(B1)"
)
# the sellers a new card's quartile needs (B1): with 8, at least two of them ask it or less, so that no one listing
# (an open-box unit, a pickup store's) sets it (review of 2026-11-28: with 4-5 sellers the quartile was the second
# cheapest listing, an open-box unit for the RTX 6000 Ada, and 8 of 18 new cards had no sealed unit that ships at it)
B1_MIN_SELLERS = 8
# and between: with this many sellers or fewer, the median; from there to B1_MIN_SELLERS, each seller moves the price
# a quarter of the way from the median to the quartile (its code review: a cut at 8 swung the new RTX 5090's price by
# 10-12% from day to day as its seventh or eighth seller came and went, while its median moved at most 3.7%)
B1_NO_WEIGHT_SELLERS = 4


def buy_price(rule: bool = True) -> pl.Expr:
    """The price a card is valued and bought at (marts.gpu_value.price_usd), over price_daily rows (p25, median,
    distinct_sellers): a new card's is the first quartile of its sellers' asks (p25, never above the median) where at
    least B1_MIN_SELLERS sellers list it, the median with B1_NO_WEIGHT_SELLERS or fewer, and in between as far from
    the median towards the quartile as its sellers count; a used card's the median. ASSUMPTION, the project's (rule
    B1, docs/rules.md): new units of a card are interchangeable, so a buyer takes a cheaper seller's (thirty-first
    review: the median of new asks is set by resellers over the stores' prices, so a new RTX 4090 machine was priced at
    a 2,227 USD median while two stores had the card in stock at 1,800, and the 3,000 USD LLM budget's new answer was
    an RTX 3090 sold "new" by resellers at 1,125); the first quartile of many sellers and not the three cheapest (its
    code review: those were an open-box unit and two listings of one pickup store) so that no one listing sets it.
    Used units are not interchangeable (wear, the seller), and their cheapest asks are the riskiest, so a used card
    keeps the median. `rule` False: every card at its median (the region marts, which carry no price_usd)"""
    if not rule:
        return pl.col("median")
    low = pl.min_horizontal("p25", "median")
    sellers = pl.coalesce("distinct_sellers", "listing_count").cast(pl.Float64)
    weight = ((sellers - B1_NO_WEIGHT_SELLERS) / (B1_MIN_SELLERS - B1_NO_WEIGHT_SELLERS)).clip(0.0, 1.0)
    blended = pl.col("median") - weight.fill_null(0.0) * (pl.col("median") - low)
    return pl.when(pl.col("condition") == "new").then(blended).otherwise(pl.col("median"))


def buy_price_basis() -> pl.Expr:
    """Which of buy_price's three a row's price is, over rows with condition, price_usd, distinct_sellers and
    listing_count (buy_price's count where the sellers are unknown): 'median' (a used card, or a new one of
    B1_NO_WEIGHT_SELLERS sellers or fewer), 'p25' (a new one of B1_MIN_SELLERS or more) or 'blend' (between); NULL
    where there is no price_usd or no count. What the export gives beside price_usd (thirty-fourth review:
    a row's basis could not be read from the row)."""
    # the sellers buy_price counts (each listing its own where the sellers are unknown), and no basis where no price
    # (a row written before B1; code review)
    sellers = pl.coalesce("distinct_sellers", "listing_count")
    return (
        pl.when(pl.col("price_usd").is_null())
        .then(pl.lit(None, pl.String))
        .when(pl.col("condition") != "new")
        .then(pl.lit("median"))
        .when(sellers.is_null())
        .then(pl.lit(None, pl.String))
        .when(sellers <= B1_NO_WEIGHT_SELLERS)
        .then(pl.lit("median"))
        .when(sellers >= B1_MIN_SELLERS)
        .then(pl.lit("p25"))
        .otherwise(pl.lit("blend"))
    )


def trusted_new_low() -> pl.Expr:
    """Per date and model, the low price (price_low) of the card's new row when that price is on 3 listings or more
    and graded above D; NULL otherwise: the new price a 'buy new' quotes."""
    trusted_new = (
        (pl.col("condition") == "new")
        & pl.col("enough_listings")
        & (pl.col("price_confidence").fill_null("") != GRADE_D)
    )
    return pl.when(trusted_new).then(pl.col("price_low")).max().over("snapshot_date", "model_id")


def whole_usd(price: pl.Expr) -> pl.Expr:
    """A price in whole dollars as words write it (2,260), for prices under a million."""
    return price.round(0).cast(pl.Int64).cast(pl.String).str.replace(r"(\d)(\d{3})$", "$1,$2")


def buy_new_at(new_low: pl.Expr) -> pl.Expr:
    """'Buy new' with the new low it quotes (sixteenth review: "new ones listed from 2,260 USD" named a price no
    listing had, the mean of three sellers' lowest asks); NULL where new_low is."""
    return pl.format("3 lowest new asks avg. {} USD: " + BUY_NEW, whole_usd(new_low))


def new_under_used() -> pl.Expr:
    """A used card's words when new ones are listed for no more than used ones, low against low (price_low, the
    mean of the three lowest asks, of a new price on 3 listings or more and graded above D); NULL otherwise.
    Fourteenth review: a used RTX 5090 was the pick at 2,560 USD while new ones were listed from 2,260 (its used
    low 2,497); no friend would tell a buyer to pay more for a used card without its warranty. Low against low, not
    the used median against the new low (fifteenth review: that told RTX 5080 buyers to buy new at 1,040 where used
    ones were listed from 907)."""
    new_low = trusted_new_low()
    # the new low only where it undercuts, so that the other rows (most of them) format nothing: NULL in, NULL out
    return buy_new_at(
        pl.when((pl.col("condition") == "used") & (pl.col("price_low") >= new_low)).then(new_low)
    )


def card_caveat_words(rows: pl.DataFrame, horizon_years: float = TierConfig.horizon_years) -> pl.DataFrame:
    """Per model of `rows` (marts.gpu_value rows of one day): card_caveat, the caveats of the card whatever its
    condition and price (its own and its software support's, in caveats' order), and new_low, the new price a 'buy
    new' quotes (trusted_new_low). What a listing of a condition the mart has no row for carries (twenty-first
    review: a refurbished deal on an AMD passive server card, or dearer than new ones, showed no caveat)."""
    # an EPS-powered card's rows say so in their caveat (the rows carry no connectors): its words go with it
    said = (
        pl.col("caveat").fill_null("").str.contains(EPS_WORDS, literal=True)
        if "caveat" in rows.columns
        else None
    )
    eps = pl.lit(False) if said is None else said.any().over("model_id")
    cards = rows.with_columns(new_low=trusted_new_low(), _eps=eps).unique(
        "model_id", keep="first", maintain_order=True
    )
    return cards.with_columns(*card_caveats()).select(
        "model_id",
        "new_low",
        card_caveat=_joined(
            [
                pl.col(CARD_CAVEATS[0]),
                support_blocker(pl.col("snapshot_date"), horizon_years),
                pl.col(CARD_CAVEATS[1]),
            ]
        ),
    )


def recommended(horizon_years: float = TierConfig.horizon_years) -> pl.Expr:
    """What a buyer can act on by default: the picks' and machines' own screens (3+ listings, a price graded above D, a PCIe card with
    its own fans, D11's vendor, S1's support over the horizon, S2's fp16 tensor cores)."""
    return (
        pl.col("enough_listings")
        & (pl.col("price_confidence").fill_null("") != GRADE_D)
        & PLUG_IN
        & (pl.col("cooling").fill_null("open_air") != "passive")
        & pl.col("vendor").is_in(list(DEFAULT_VENDORS or []))
        & ~support_blocks(pl.col("snapshot_date"), horizon_years)
        & pl.col("fp16_tensor").fill_null(False)
    ).fill_null(False)


def gpu_value(prices: pl.DataFrame, specs: pl.DataFrame, buy_rule: bool = True) -> pl.DataFrame:
    """`prices`: price_daily rows of source 'all'; `specs`: marts.gpu_specs (with relative_perf). `buy_rule`: rule
    B1's price (buy_price); False, the median (the region marts)."""
    if "p25" not in prices.columns:  # prices read without quartiles: the median
        prices = prices.with_columns(p25=pl.col("median"))
    if "distinct_sellers" not in prices.columns:  # prices read without sellers: each listing its own
        prices = prices.with_columns(distinct_sellers=pl.col("listing_count"))
    missing = [
        pl.lit(None, pl.Float64 if not c.endswith("_basis") else pl.String).alias(c)
        for c in USE_CASE_COLUMNS
        if c not in specs.columns
    ]  # specs read before the use-case indices
    missing += [pl.lit(None, t).alias(c) for c, t in SUPPORT_SPEC_COLUMNS.items() if c not in specs.columns]
    base = (
        prices.filter((pl.col("source") == "all") & pl.col("condition").is_in(VALUE_CONDITIONS))
        .join(specs.with_columns(missing), on="model_id", how="inner")
        .with_columns(price_usd=buy_price(buy_rule))  # once: every ratio below divides by it
    )
    # dense FP16 tensor TFLOPS; none without tensor cores (eighteenth review: their FP32 rate stood in, so a Pascal
    # card, whose FP16 runs at 1/64 of it, read as cheap per FP16 TFLOP as an RTX 3090)
    compute = pl.when(pl.col("has_tensor_cores")).then(pl.col("fp16_tensor_tflops"))
    ranked = base.select(
        "snapshot_date",
        "model_id",
        "name",
        "condition",
        price_median=pl.col("median"),
        # a low price is never above the median: with three asks the mean of the three lowest is the mean of all,
        # which one high ask lifts over the median (third review: an A100 40GB new "low" 6,320 over a 5,810 median)
        price_low=pl.min_horizontal("low3_mean", "median"),
        price_usd=pl.col("price_usd"),
        listing_count=pl.col("listing_count"),
        enough_listings=pl.col("listing_count") >= MIN_LISTINGS,
        # how far the price can be trusted (marts.price_daily.confidence; prices read before grades: unknown)
        price_confidence=pl.col("confidence") if "confidence" in base.columns else pl.lit(None, pl.String),
        relative_perf=pl.col("relative_perf"),
        perf_basis=pl.col("perf_basis"),
        perf_per_1k_usd=pl.col("relative_perf") / pl.col("price_usd") * 1000,
        perf_vision=pl.col("perf_vision"),
        perf_vision_basis=pl.col("perf_vision_basis"),
        perf_llm_inference=pl.col("perf_llm_inference"),
        perf_llm_inference_basis=pl.col("perf_llm_inference_basis"),
        perf_per_1k_usd_vision=pl.col("perf_vision") / pl.col("price_usd") * 1000,
        perf_per_1k_usd_llm_inference=pl.col("perf_llm_inference") / pl.col("price_usd") * 1000,
        usd_per_gb_vram=pl.col("price_usd") / pl.col("memory_gb"),
        usd_per_fp16_tflop=pl.col("price_usd") / compute,
        usd_per_gbs=pl.col("price_usd") / pl.col("bandwidth_gbs"),
        vram_gb=pl.col("memory_gb"),
        vram_class=vram_class(pl.col("memory_gb")),
        fp32_tflops=pl.col("fp32_tflops"),
        fp16_tensor_tflops=pl.col("fp16_tensor_tflops"),
        bandwidth_gbs=pl.col("bandwidth_gbs"),
        tdp_w=pl.col("tdp_w"),
        source_mode=pl.col("source_mode"),
        form_factor=pl.col("form_factor"),
        vendor=pl.col("vendor"),
        cooling=pl.col("cooling"),
        **{c: pl.col(c) for c in SUPPORT_SPEC_COLUMNS},
    )
    cards = (
        ranked.unique("model_id")
        .join(eps_powered(specs), on="model_id", how="left")
        .select("model_id", *card_caveats())
    )
    ranked = (
        ranked.join(cards, on="model_id", how="left")
        .with_columns(recommended=recommended(), caveat=caveats())
        .drop(CARD_CAVEATS)
    )
    order = pl.col("perf_per_1k_usd")
    # ordinal ranks give tied values their order in the frame: sorted by model first, a re-run ranks them the same
    # (a tie between the RX 9060 XT 8GB and 16GB swapped ranks between two builds of benchmark 2's days)
    return (
        ranked.sort("snapshot_date", "condition", "model_id")
        .with_columns(
            rank_overall=order.rank("ordinal", descending=True)
            .over("snapshot_date", "condition")
            .cast(pl.Int32),
            rank_in_vram_class=order.rank("ordinal", descending=True)
            .over("snapshot_date", "condition", "vram_class")
            .cast(pl.Int32),
            rank_vision=pl.col("perf_per_1k_usd_vision")
            .rank("ordinal", descending=True)
            .over("snapshot_date", "condition")
            .cast(pl.Int32),
            rank_llm_inference=pl.col("perf_per_1k_usd_llm_inference")
            .rank("ordinal", descending=True)
            .over("snapshot_date", "condition")
            .cast(pl.Int32),
        )
        .sort("snapshot_date", "condition", "rank_overall")
    )
