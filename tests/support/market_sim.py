#!/usr/bin/env python3
"""A seeded GPU market simulator: eBay Browse item summaries and retailer pages at any size, any day.

NOT the project's data. Everything it makes is marked simulated: every eBay item carries
`"simulated": true` (and `simTruth`, what the listing really is), every URL points at the reserved host
`sim.invalid`, every page says so in a comment or field, and rows written to a warehouse from it must carry
source_mode = "simulated" (`SOURCE_MODE`). It is never the default data: the pipeline reads the bundled
sample or the live APIs; the simulator feeds the benchmarks (tools/bench_*.py) and, optionally, tests
(`MarketSim.search(q, day)` returns what a search would answer that day).

The market, from the catalog (`warehouse.catalog.load_catalog()`):
- Each model has a reference new and used price from its launch price (or an estimate) and its age on the
  day, a slow yearly cycle, and a popularity that rises after launch and fades; about `active_listings`
  eBay listings are live on any day, split by popularity. Models not released yet have none.
- Listings arrive every day (Poisson), persist for a while (1 to `max_days` days, mean `mean_days`), may
  change their asking price a few times, then end. A listing is a pure function of (seed, model, arrival
  day, number), so any day can be asked for without simulating the days before it.
- Asking prices are log-normal around the condition's reference (new, open box, refurbished, used, for
  parts), with eBay-style endings.
- Titles: brands, board series, vendor words, name and memory spellings, condition noise, cut to 80
  characters; and the hard cases a classifier must handle: accessories, empty boxes, lots, laptops and
  PCs, for-parts cards, multi-variation listings, memory wedged before SUPER / Ti / XT, sibling models
  caught by the search, part-number-first titles, $1 placeholders, 3x asks, low-feedback sellers.
- Retailers (Newegg, Micro Center, Best Buy): SKUs of recent cards with store prices, sales and stock,
  written in the shapes the project's parsers read.

    python -m tests.support.market_sim --out /tmp/sim --day 2026-11-20 --listings 5000 --seed 7
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import math
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

SOURCE_MODE = "simulated"
SIM_HOST = "sim.invalid"
NOTE = (
    "SIMULATED by gpu-market tests/support/market_sim.py (seeded): not market prices, not the sample, "
    "never the default data."
)
TITLE_MAX = 80
EPOCH = date(2000, 1, 1)  # day numbers in item ids count from here

CONDITION_NAMES = {
    "1000": "New",
    "1500": "Open box",
    "2010": "Excellent - Refurbished",
    "2500": "Seller refurbished",
    "3000": "Used",
    "7000": "For parts or not working",
}
EBAY_CATEGORIES = [
    {"categoryId": "27386", "categoryName": "Graphics/Video Cards"},
    {"categoryId": "175673", "categoryName": "Computer Components & Parts"},
]

# The hard cases and how often they appear among one model's listings (the rest are plain card listings).
KIND_WEIGHTS = {
    "accessory": 0.04,
    "box_only": 0.015,
    "lot": 0.02,
    "system": 0.03,
    "for_parts": 0.03,
    "variation": 0.02,
    "wedged": 0.02,
    "sibling": 0.04,
    "part_number": 0.02,
    "placeholder": 0.005,
    "overpriced": 0.005,
    "low_feedback": 0.01,
}
# What the project's classifier should say for each kind (exclude_reason; None = priced listing).
EXPECTED_REASON = {
    "card": None,
    "wedged": None,
    "sibling": None,
    "part_number": None,
    "placeholder": None,
    "overpriced": None,
    "accessory": "accessory",
    "box_only": "box_only",
    "lot": "lot",
    "system": "system",
    "for_parts": "for_parts",
    "variation": "variation",
    "low_feedback": "low_feedback",
}

BRANDS = {
    "nvidia-new": [
        ("ASUS", ["TUF Gaming OC", "ROG Strix OC", "Prime OC", "Dual OC", "ProArt OC"]),
        ("MSI", ["Gaming X Trio", "Ventus 3X OC", "Ventus 2X OC", "Suprim X", "Gaming Trio OC"]),
        ("GIGABYTE", ["Gaming OC", "Windforce OC", "Eagle OC", "AORUS Master", "AERO OC"]),
        ("ZOTAC", ["Gaming Trinity OC", "Twin Edge OC", "AMP Extreme AIRO", "Solid OC"]),
        ("PNY", ["XLR8 Gaming Verto", "Verto Dual Fan", "OC Triple Fan"]),
        ("PALIT", ["GamingPro OC", "JetStream"]),
        ("INNO3D", ["X3 OC", "Twin X2"]),
    ],
    "nvidia-old": [
        ("EVGA", ["FTW3 Ultra Gaming", "XC3 Ultra Gaming", "SC2 Gaming", "Black Edition"]),
        ("ASUS", ["ROG Strix OC", "TUF Gaming OC", "Dual OC", "Turbo Blower"]),
        ("MSI", ["Gaming X Trio", "Ventus 3X OC", "Armor OC", "Aero ITX"]),
        ("GIGABYTE", ["Gaming OC", "Eagle OC", "Windforce OC", "AORUS Xtreme"]),
        ("ZOTAC", ["AMP Edition", "Twin Edge", "Mini"]),
    ],
    "amd": [
        ("Sapphire", ["Nitro+", "Pulse"]),
        ("XFX", ["Speedster MERC 310", "Speedster QICK 319", "Speedster SWFT"]),
        ("PowerColor", ["Red Devil", "Hellhound", "Fighter"]),
        ("ASRock", ["Taichi OC", "Phantom Gaming OC"]),
        ("ASUS", ["TUF Gaming OC"]),
        ("GIGABYTE", ["Gaming OC"]),
    ],
    "intel": [
        ("Intel", ["Limited Edition"]),
        ("ASRock", ["Steel Legend OC", "Challenger OC"]),
        ("Sparkle", ["Titan OC", "Orc OC"]),
        ("GUNNIR", ["Photon OC"]),
    ],
    "workstation": [
        ("PNY", ["Bulk", "Retail"]),
        ("Dell", ["OEM"]),
        ("HP", ["OEM"]),
        ("Lenovo", ["OEM"]),
        ("NVIDIA", ["Retail"]),
    ],
    "datacenter": [
        ("NVIDIA", ["Bulk"]),
        ("Dell", ["Server Pull"]),
        ("HPE", ["Server Pull"]),
        ("Lenovo", ["Server Pull"]),
        ("Supermicro", ["Server Pull"]),
    ],
    "amd-pro": [("AMD", ["Retail"]), ("Dell", ["OEM"]), ("HP", ["OEM"])],
}
NOISE = {
    "1000": ["NEW SEALED", "Brand New", "New In Box", "NIB Ships Fast", "New - In Hand", "Free Shipping", ""],
    "1500": ["Open Box", "Open Box - Unused", "Like New Open Box", "Open Box Complete", ""],
    "2010": ["Refurbished", "Renewed - 90 Day Warranty", "Refurbished Excellent", ""],
    "2500": ["Refurbished - Repasted & Tested", "Seller Refurb - New Thermal Pads", "Refurbished", ""],
    "3000": [
        "Used - Tested Working",
        "Tested & Working",
        "Works Great",
        "Lightly Used w/ Box",
        "Used",
        "Great Condition",
        "No Mining",
        "Clean, Tested",
        "Pulled From Working PC",
        "Fast Ship",
        "",
    ],
    "7000": ["AS-IS", "For Parts", ""],
}
FILLERS = (
    " Graphics Card",
    " Video Card",
    " GPU Accelerator",
    " Computing Card",
    " Deep Learning",
    " Gaming",
)
LAPTOPS = [
    "ASUS ROG Strix G16",
    "Lenovo Legion Pro 7i",
    "MSI Raider GE78",
    "Alienware m18",
    "HP Omen 17",
    "Razer Blade 16",
    "Gigabyte AORUS 17X",
]
CPUS = ["i9-14900K", "i7-14700K", "Ryzen 7 7800X3D", "Ryzen 9 9950X", "i5-13600K"]
SERVERS = [
    "Dell PowerEdge R740",
    "HPE ProLiant DL380 Gen10",
    "Supermicro SYS-4029GP",
    "Lenovo ThinkSystem SR670",
    "Dell Precision 7920 Tower",
]
ZIP3 = [
    "941",
    "945",
    "900",
    "917",
    "100",
    "112",
    "070",
    "191",
    "021",
    "303",
    "331",
    "606",
    "750",
    "770",
    "787",
    "802",
    "850",
    "981",
    "200",
    "462",
]


# --------------------------------------------------------------------------------------------- helpers
def _rng(*parts) -> random.Random:
    """An RNG seeded by the parts (string seeding is stable across processes and Python runs)."""
    return random.Random(":".join(str(p) for p in parts))


def _unit(*parts) -> float:
    """A stable uniform number in [0, 1) from the parts."""
    digest = hashlib.blake2b(":".join(str(p) for p in parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2.0**64


def _poisson(r: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 40:
        return max(0, round(r.gauss(lam, math.sqrt(lam))))
    limit, k, p = math.exp(-lam), 0, r.random()
    while p > limit:
        k += 1
        p *= r.random()
    return k


def fit_title(title: str) -> str:
    """A seller over eBay's 80-character limit drops filler words first, then cuts at a word."""
    t = " ".join(title.split())
    for filler in FILLERS:
        if len(t) <= TITLE_MAX:
            break
        t = t.replace(filler, "", 1)
    if len(t) <= TITLE_MAX:
        return t
    return t[: TITLE_MAX + 1].rsplit(" ", 1)[0].rstrip(" -/,(&")


def ask_price(r: random.Random, base: float, sigma: float) -> float:
    """An asking price around `base` (log-normal) with the endings sellers use."""
    v = max(1.0, base * math.exp(r.gauss(0.0, sigma)))
    roll = r.random()
    if v >= 1000:
        tens = round(v / 10) * 10
        return (
            tens - 0.01
            if roll < 0.4
            else float(tens)
            if roll < 0.85
            else math.floor(v) + r.randint(1, 98) / 100
        )
    whole = math.floor(v)
    if roll < 0.4:
        return whole + 0.99
    if roll < 0.72:
        return float(whole)
    if roll < 0.84:
        return whole + 0.95
    return whole + r.randint(1, 98) / 100


def _iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.000Z")


# --------------------------------------------------------------------------------------------- models
@dataclass(frozen=True)
class Model:
    index: int
    model_id: str
    vendor: str
    short: str  # "RTX 4070 SUPER", "Tesla V100", "RX 7900 XTX"
    family: str
    segment: str
    memory_gb: int
    memory_type: str
    release: date | None
    msrp: float
    weight: float  # popularity before the age curve
    brand_key: str
    part_numbers: tuple[str, ...]
    search_query: str | None


_MEM_SUFFIX = re.compile(r"\s+\d+\s*GB\b", re.I)
_SUFFIXES = ("Ti", "SUPER", "Super", "XT", "XTX", "GRE", "D", "S")


def _short_name(name: str) -> str:
    s = _MEM_SUFFIX.sub("", name)
    for prefix in ("NVIDIA GeForce ", "GeForce ", "NVIDIA ", "AMD Radeon ", "Radeon ", "AMD ", "Intel "):
        if s.startswith(prefix):
            s = s[len(prefix) :]
            break
    s = s.replace(" (Pascal)", " Pascal").replace(" Generation", "").replace(" Workstation Edition", "")
    return s.replace(" Server Edition", " Server")


def _estimate_msrp(segment: str, memory_gb: float, release: date | None) -> float:
    year = release.year if release else 2018
    if segment == "datacenter":
        return 220.0 * memory_gb * 1.15 ** (year - 2016)
    if segment == "workstation":
        return 140.0 * memory_gb
    return 30.0 * memory_gb + 150.0


def models_from_catalog(catalog=None) -> list[Model]:
    """One Model per catalog row (warehouse.catalog.load_catalog())."""
    if catalog is None:
        from warehouse.catalog import load_catalog

        catalog = load_catalog()
    out = []
    for i, r in enumerate(catalog.iter_rows(named=True)):
        segment, vendor = r["segment"] or "consumer", r["vendor"] or "nvidia"
        release = r["release_date"]
        msrp = r["launch_msrp_usd"] or _estimate_msrp(segment, r["memory_gb"] or 8, release)
        if segment == "consumer":
            if vendor == "amd":
                key = "amd"
            elif vendor == "intel":
                key = "intel"
            else:
                key = "nvidia-new" if release and release.year >= 2022 else "nvidia-old"
            weight = 3.0 if (msrp or 0) >= 250 else 1.5
        else:
            key = (
                ("amd-pro" if vendor == "amd" else "workstation")
                if segment == "workstation"
                else "datacenter"
            )
            weight = 1.0 if segment == "workstation" else 0.8
        pns = tuple(p for p in (r["part_numbers"] or "").split("|") if p)
        out.append(
            Model(
                i,
                r["model_id"],
                vendor,
                _short_name(r["name"]),
                r["family"] or "",
                segment,
                int(r["memory_gb"] or 0),
                r["memory_type"] or "",
                release,
                float(msrp),
                weight,
                key,
                pns,
                r["search_query"],
            )
        )
    return out


def _age_years(model: Model, day: date) -> float:
    if model.release is None:
        return 6.0
    return (day - model.release).days / 365.25


def reference_prices(model: Model, day: date) -> tuple[float, float]:
    """(new, used) reference asking prices of `model` on `day`: depreciation with age and a yearly cycle."""
    age = max(0.0, _age_years(model, day))
    cycle = 1.0 + 0.06 * math.sin(2 * math.pi * day.toordinal() / 365.25 + model.index)
    if model.segment == "datacenter":
        used = model.msrp * max(0.03, 0.7 * math.exp(-0.35 * age))
        new = used * 1.35
    else:
        new = model.msrp * max(0.35, 1.0 - 0.08 * age)
        used = model.msrp * max(0.12, 0.9 * math.exp(-0.13 * age))
    return new * cycle, min(used, new * 0.95) * cycle


def popularity(model: Model, day: date) -> float:
    """Relative share of the day's listings: none before launch, rising for a year, fading after four."""
    if model.release is not None and day < model.release:
        return 0.0
    age = _age_years(model, day)
    ramp = min(1.0, 0.2 + age) if model.release is not None else 1.0
    fade = math.exp(-max(0.0, age - 4.0) / 3.0)
    return model.weight * ramp * fade


def condition_mix(model: Model, day: date) -> list[tuple[str, float]]:
    age = max(0.0, _age_years(model, day))
    new = max(0.05, 0.55 - 0.12 * age)
    return [("1000", new), ("1500", 0.08), ("2010", 0.04), ("2500", 0.04), ("3000", max(0.2, 0.8 - new))]


def condition_price(new: float, used: float, cid: str) -> tuple[float, float]:
    """(base, sigma) of the asking price for an eBay condition id."""
    return {
        "1000": (new, 0.06),
        "1500": (used + 0.6 * (new - used), 0.07),
        "2010": (used + 0.3 * (new - used), 0.06),
        "2500": (used + 0.2 * (new - used), 0.07),
        "3000": (used, 0.10),
        "7000": (0.3 * used, 0.35),
    }[cid]


def _pick(r: random.Random, weighted: list[tuple[str, float]]) -> str:
    x = r.uniform(0, sum(w for _, w in weighted))
    for value, w in weighted:
        x -= w
        if x <= 0:
            return value
    return weighted[-1][0]


# --------------------------------------------------------------------------------------------- listings
@dataclass
class Listing:
    """One simulated eBay listing over its life."""

    item_id: str
    legacy_id: str
    model_id: str  # the model whose search finds it
    truth_model_id: str | None  # what it really is (None for accessories, boxes, systems)
    kind: str
    lot_quantity: int
    title: str
    condition_id: str
    start: date
    end: date  # last day it is listed
    base_price: float
    changes: list[tuple[int, float]] = field(default_factory=list)  # (day offset, price factor from then on)
    shipping: list | None = None
    seller: dict = field(default_factory=dict)
    buying: list[str] = field(default_factory=list)
    variation: bool = False
    country: str = "US"
    postal: str | None = None
    created_at: datetime | None = None
    epid: str | None = None
    marketing_pct: int | None = None

    def active_on(self, day: date) -> bool:
        return self.start <= day <= self.end

    def price_on(self, day: date) -> float:
        price, offset = self.base_price, (day - self.start).days
        for at, factor in self.changes:
            if offset >= at:
                price = round(price * factor, 2)
        return price


def chipset_value(model: Model) -> str:
    """How eBay's Chipset/GPU Model aspect spells a model: NVIDIA GeForce RTX 4070 SUPER, NVIDIA RTX A4000,
    AMD Radeon RX 7900 XTX, Intel Arc B580."""
    if model.vendor == "amd":
        return f"AMD Radeon {model.short.removeprefix('Radeon ')}"
    if model.vendor == "intel":
        return f"Intel {model.short}"
    geforce = model.segment == "consumer" and model.short.startswith(("RTX", "GTX"))
    return f"NVIDIA {'GeForce ' if geforce else ''}{model.short}"


class MarketSim:
    """A deterministic market: the same seed and parameters give the same listings, titles and prices."""

    def __init__(
        self,
        seed: int = 0,
        catalog=None,
        active_listings: int = 5000,
        mean_days: float = 14.0,
        max_days: int = 60,
        hard_case_share: float = 1.0,
        retailer_skus: int = 60,
        seller_aspects: bool = False,
    ):
        """`seller_aspects`: items carry the aspects their sellers stated (`simAspects`, see aspects())."""
        self.seed = seed
        self.seller_aspects = seller_aspects
        self.models = models_from_catalog(catalog)
        self.by_id = {m.model_id: m for m in self.models}
        self.by_query = {m.search_query: m for m in self.models if m.search_query}
        self.active_listings = active_listings
        self.mean_days = mean_days
        self.max_days = max_days
        self.hard_case_share = hard_case_share
        self.retailer_skus = retailer_skus
        # E[min(max_days, 1 + floor(Exp(mean)))] : the mean life, to turn live listings into arrivals per day
        self._mean_life = 1.0 + sum(math.exp(-k / mean_days) for k in range(1, max_days))
        self._families: dict[str, list[Model]] = {}
        for m in self.models:
            self._families.setdefault(m.family, []).append(m)
        r = _rng(seed, "sellers")
        self._sellers = []
        for i in range(400):
            score = int(math.exp(r.uniform(math.log(3), math.log(250_000))))
            pct = 100.0 if score < 25 else min(100.0, max(96.0, r.gauss(99.4, 0.6)))
            self._sellers.append(
                {
                    "username": f"sim_seller_{i:03d}",
                    "feedbackPercentage": f"{pct:.1f}",
                    "feedbackScore": score,
                }
            )
        self._cache: dict[tuple[int, int], list[Listing]] = {}
        self._popularity: dict[int, float] = {}

    # -- arrivals ------------------------------------------------------------------------------------
    def _total_popularity(self, day_number: int) -> float:
        total = self._popularity.get(day_number)
        if total is None:
            day = EPOCH + timedelta(days=day_number)
            total = self._popularity[day_number] = sum(popularity(m, day) for m in self.models) or 1.0
        return total

    def arrivals_per_day(self, model: Model, day: date) -> float:
        share = popularity(model, day) / self._total_popularity((day - EPOCH).days)
        return self.active_listings * share / self._mean_life

    def _arrivals(self, model: Model, day_number: int) -> list[Listing]:
        key = (model.index, day_number)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        day = EPOCH + timedelta(days=day_number)
        r = _rng(self.seed, model.model_id, day_number)
        out = [
            self._make_listing(model, day, day_number, j)
            for j in range(_poisson(r, self.arrivals_per_day(model, day)))
        ]
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[key] = out
        return out

    def listings_for_model(self, model_id: str, day: date) -> list[Listing]:
        """The model's listings live on `day`, in eBay's best-match order (a stable shuffle)."""
        model = self.by_id[model_id]
        n = (day - EPOCH).days
        live = [
            lst
            for a in range(n - self.max_days + 1, n + 1)
            for lst in self._arrivals(model, a)
            if lst.active_on(day)
        ]
        live.sort(key=lambda lst: _unit(self.seed, "order", lst.item_id, n // 7))
        return live

    def listings_for_day(self, day: date) -> Iterator[Listing]:
        for m in self.models:
            yield from self.listings_for_model(m.model_id, day)

    # -- eBay API ---------------------------------------------------------------------------------------
    def search(self, q: str, day: date) -> list[dict]:
        """What a Browse `item_summary/search?q=...` answers on `day`: the model's listings and, like eBay,
        a few of its family's listings (the same item ids another search also returns)."""
        model = self.by_query.get(q)
        if model is None:
            return []
        own = self.listings_for_model(model.model_id, day)
        also = [
            lst
            for other in self._families.get(model.family, [])
            if other.model_id != model.model_id
            for lst in self.listings_for_model(other.model_id, day)
            if _unit(self.seed, "cross", lst.item_id, model.model_id) < 0.03
        ]
        return [self.summary(lst, day) for lst in own + also]

    def query_items(self, day: date) -> Callable[[str], list[dict]]:
        """A function q -> items for `day` (for a fake Browse server such as tests/support/fake_market.py)."""
        return lambda q: self.search(q, day)

    def items_for_day(self, day: date) -> Iterator[tuple[str, dict]]:
        """(model_id, item summary) for every listing live on `day`."""
        for lst in self.listings_for_day(day):
            yield lst.model_id, self.summary(lst, day)

    def summary(self, lst: Listing, day: date) -> dict:
        """The listing as a Browse ItemSummary on `day`, marked simulated."""
        price = lst.price_on(day)
        item: dict = {
            "itemId": lst.item_id,
            "title": lst.title,
            "leafCategoryIds": ["27386"],
            "categories": EBAY_CATEGORIES,
            "image": {"imageUrl": f"https://{SIM_HOST}/images/{lst.legacy_id}/s-l225.jpg"},
            "price": {"value": f"{price:.2f}", "currency": "USD"},
        }
        if lst.variation:
            item["itemGroupType"] = "SELLER_DEFINED_VARIATIONS"
            item["itemGroupHref"] = (
                f"https://{SIM_HOST}/buy/browse/v1/item/get_items_by_item_group?item_group_id={lst.legacy_id}"
            )
        item["itemHref"] = f"https://{SIM_HOST}/buy/browse/v1/item/{lst.item_id.replace('|', '%7C')}"
        item["seller"] = dict(lst.seller)
        if lst.marketing_pct:
            original = round(price / (1 - lst.marketing_pct / 100), 2)
            item["marketingPrice"] = {
                "originalPrice": {"value": f"{original:.2f}", "currency": "USD"},
                "discountPercentage": str(lst.marketing_pct),
                "discountAmount": {"value": f"{original - price:.2f}", "currency": "USD"},
                "priceTreatment": "MARKDOWN",
            }
        item["condition"] = CONDITION_NAMES[lst.condition_id]
        item["conditionId"] = lst.condition_id
        if lst.shipping is not None:
            item["shippingOptions"] = lst.shipping
        item["buyingOptions"] = list(lst.buying)
        if lst.epid:
            item["epid"] = lst.epid
        item["itemWebUrl"] = f"https://{SIM_HOST}/itm/{lst.legacy_id}"
        location = {"country": lst.country}
        if lst.postal:
            location = {"postalCode": lst.postal, "country": lst.country}
        item["itemLocation"] = location
        item["adultOnly"] = False
        item["legacyItemId"] = lst.legacy_id
        item["itemCreationDate"] = _iso(lst.created_at or datetime.combine(lst.start, datetime.min.time()))
        if _unit(self.seed, "end", lst.item_id) < 0.3:
            item["itemEndDate"] = _iso(datetime.combine(lst.end + timedelta(days=1), datetime.min.time()))
        item["listingMarketplaceId"] = "EBAY_US"
        item["simulated"] = True
        aspects = self.aspects(lst) if self.seller_aspects else {}
        if aspects:
            item["simAspects"] = aspects
        item["simTruth"] = {
            "modelId": lst.truth_model_id,
            "kind": lst.kind,
            "lotQuantity": lst.lot_quantity,
            "expectedExcludeReason": EXPECTED_REASON[lst.kind],
            "seed": self.seed,
        }
        return item

    def aspects(self, lst: Listing) -> dict[str, str]:
        """The item aspects its seller filled in (Chipset/GPU Model, Memory Size). A Browse item summary does
        not carry them: the fake Browse API (tests/support/fake_market.py) counts them for
        fieldgroups=ASPECT_REFINEMENTS and filters on them for aspect_filter. About 30% of sellers leave them
        out, about 3% state a sibling model of the family (the seller's slip, the title right); accessories,
        boxes and systems state none."""
        if lst.truth_model_id is None:
            return {}
        u = _unit(self.seed, "aspects", lst.item_id)
        if u < 0.30:
            return {}
        model = self.by_id[lst.truth_model_id]
        if u < 0.33:
            siblings = [m for m in self._families.get(model.family, []) if m.model_id != model.model_id]
            model = siblings[int(u * 1000) % len(siblings)] if siblings else model
        return {"Chipset/GPU Model": chipset_value(model), "Memory Size": f"{model.memory_gb} GB"}

    # -- making one listing ------------------------------------------------------------------------------
    def _make_listing(self, model: Model, start: date, day_number: int, j: int) -> Listing:
        r = _rng(self.seed, model.model_id, day_number, j)
        life = min(self.max_days, 1 + int(r.expovariate(1.0 / self.mean_days)))
        legacy = f"{model.index % 1000:03d}{day_number % 100_000:05d}{j % 10_000:04d}"
        kind = "card"
        if r.random() < sum(KIND_WEIGHTS.values()) * self.hard_case_share:
            kind = _pick(r, list(KIND_WEIGHTS.items()))
        new_ref, used_ref = reference_prices(model, start)
        cid = _pick(r, condition_mix(model, start))
        truth: str | None = model.model_id
        lot = 1
        subject = model
        if kind == "sibling":
            others = [
                m
                for m in self._families.get(model.family, [])
                if m.model_id != model.model_id and (m.release is None or m.release <= start)
            ]
            if others:
                subject = r.choice(others)
                truth = subject.model_id
                new_ref, used_ref = reference_prices(subject, start)
            else:
                kind = "card"
        if kind == "wedged" and not model.short.endswith(_SUFFIXES):
            kind = "card"
        if kind == "part_number" and not model.part_numbers:
            kind = "card"
        base, sigma = condition_price(new_ref, used_ref, cid)
        seller = dict(r.choice(self._sellers))
        variation = False
        brand, line = self._brand(r, subject)
        if kind == "card" or kind == "sibling":
            title = self._card_title(r, subject, brand, line, cid)
        elif kind == "wedged":
            title = self._wedged_title(r, model, brand, line)
        elif kind == "part_number":
            title = f"{r.choice(model.part_numbers)} {brand} {model.short} {line} {model.memory_gb}GB"
        elif kind == "low_feedback":
            title = self._card_title(r, model, brand, line, cid)
            seller = {"feedbackPercentage": f"{r.uniform(70, 93):.1f}", "feedbackScore": r.randint(2, 40)}
            base *= 0.6
        elif kind == "placeholder":
            title = r.choice(
                [
                    f"{model.short} {model.memory_gb}GB - Read Description Before Buying",
                    f"{model.short} {model.memory_gb}GB GPU * PLACEHOLDER * message me for price",
                ]
            )
            base, sigma, cid = 1.0, 0.0, "3000"
        elif kind == "overpriced":
            title = self._card_title(r, model, brand, line, "1000")
            base, sigma, cid = new_ref * 3.0, 0.05, "1000"
        elif kind == "accessory":
            truth, cid = None, "1000"
            title, base = self._accessory(r, model, brand, line)
            sigma = 0.12
        elif kind == "box_only":
            truth = None
            title = r.choice(
                [
                    f"{brand} {model.short} {line} EMPTY BOX ONLY - No Card",
                    f"BOX ONLY {brand} {model.short} {model.memory_gb}GB Retail Box w/ Inserts - NO GPU",
                ]
            )
            base, sigma, cid = r.choice([24.99, 34.99, 49.0]), 0.15, "3000"
        elif kind == "lot":
            lot = r.choice([2, 3, 4, 6])
            vendor = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}[model.vendor]
            title = r.choice(
                [
                    f"Lot of {lot} {vendor} {model.short} {model.memory_gb}GB GPUs - Tested Working",
                    f"{lot}x {brand} {model.short} {model.memory_gb}GB {model.memory_type} - Used Lot",
                    f"LOT OF {lot} {model.short} {model.memory_gb}GB Graphics Cards Ex-Mining",
                ]
            )
            base, sigma, cid = used_ref * lot * 0.9, 0.06, "3000"
        elif kind == "system":
            truth = None
            title, base = self._system(r, model, used_ref)
            sigma, cid = 0.12, r.choice(["3000", "1000", "1500"])
        elif kind == "for_parts":
            cid = r.choice(["7000", "7000", "3000"])
            title = r.choice(
                [
                    f"*READ* {brand} {model.short} {model.memory_gb}GB no display - for parts",
                    f"{model.short} {model.memory_gb}GB {brand} {line} FOR PARTS artifacting, fans work",
                    f"{brand} {model.short} GPU for parts or repair - no video output AS-IS",
                ]
            )
            base, sigma = 0.3 * used_ref, 0.35
        elif kind == "variation":
            variation = True
            title = f"{model.short} {model.memory_gb}GB Graphics Card - Choose Brand / Model - Fast Ship"
            base, sigma, cid = used_ref * 0.95, 0.04, "3000"
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(kind)
        price = ask_price(r, base, sigma) if sigma else base
        changes = []
        for _ in range(r.choice([0, 0, 0, 1, 1, 2, 3])):
            if life > 2:
                changes.append((r.randint(1, life - 1), r.choice([0.9, 0.93, 0.95, 0.97, 0.98, 1.03, 1.05])))
        changes.sort()
        ship_roll = r.random()
        if ship_roll < 0.62:
            shipping = [{"shippingCostType": "FIXED", "shippingCost": {"value": "0.00", "currency": "USD"}}]
        elif ship_roll < 0.8:
            cost = r.choice([9.99, 12.5, 14.99, 19.99, 24.99, 35.0])
            shipping = [
                {"shippingCostType": "FIXED", "shippingCost": {"value": f"{cost:.2f}", "currency": "USD"}}
            ]
        elif ship_roll < 0.95:
            shipping = [{"shippingCostType": "CALCULATED"}]
        else:
            shipping = None
        abroad = r.random() < (0.12 if model.segment == "datacenter" else 0.03)
        created = datetime.combine(start, datetime.min.time()) + timedelta(seconds=r.randint(0, 86_399))
        return Listing(
            item_id=f"v1|{legacy}|{r.randint(100_000_000_000, 999_999_999_999) if variation else 0}",
            legacy_id=legacy,
            model_id=model.model_id,
            truth_model_id=truth,
            kind=kind,
            lot_quantity=lot,
            title=fit_title(title),
            condition_id=cid,
            start=start,
            end=start + timedelta(days=life - 1),
            base_price=round(price, 2),
            changes=changes,
            shipping=shipping,
            seller=seller,
            buying=["FIXED_PRICE", "BEST_OFFER"]
            if r.random() < (0.55 if cid in ("3000", "7000") else 0.3)
            else ["FIXED_PRICE"],
            variation=variation,
            country=r.choice(["CN", "HK"]) if abroad else "US",
            postal=None if abroad else r.choice(ZIP3) + "**",
            created_at=created,
            epid=str(10_000_000_000 + model.index * 1000 + r.randint(0, 20))
            if kind == "card" and r.random() < 0.6
            else None,
            marketing_pct=r.choice([5, 8, 10, 15]) if cid in ("1000", "1500") and r.random() < 0.1 else None,
        )

    def _brand(self, r: random.Random, model: Model) -> tuple[str, str]:
        brand, lines = r.choice(BRANDS[model.brand_key])
        return brand, r.choice(lines)

    @staticmethod
    def _name_variant(r: random.Random, short: str) -> str:
        x, parts = r.random(), short.split()
        if x < 0.55 or len(parts) < 2:
            return short
        if x < 0.72:
            return " ".join(p.upper() if p.lower() in ("super", "ti", "xt", "xtx") else p for p in parts)
        if x < 0.82:
            return " ".join(p.title() if p.lower() in ("super",) else p for p in parts)
        if x < 0.92 and parts[0] in ("RTX", "GTX", "RX"):
            return " ".join([parts[0] + parts[1]] + parts[2:])
        if len(parts) >= 3 and parts[2] in _SUFFIXES:
            return " ".join([parts[0], parts[1] + parts[2]] + parts[3:])
        return short

    def _card_title(self, r: random.Random, model: Model, brand: str, line: str, cid: str) -> str:
        name = self._name_variant(r, model.short)
        mem = r.choice(
            [f"{model.memory_gb}GB", f"{model.memory_gb}GB", f"{model.memory_gb} GB", f"{model.memory_gb}G"]
        )
        vendor = {
            "nvidia": r.choice(["GeForce", "NVIDIA GeForce", "NVIDIA", ""]),
            "amd": r.choice(["Radeon", "AMD Radeon", "AMD", ""]),
            "intel": r.choice(["Intel", ""]),
        }[model.vendor]
        if model.segment != "consumer":
            vendor = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}[model.vendor]
        mt = model.memory_type
        if model.segment == "datacenter":
            templates = [
                f"{vendor} {name} {mem} {mt} GPU Accelerator {brand if brand != vendor else ''}",
                f"{brand} {vendor} {name} {mem} GPU Computing Card {line}",
                f"{vendor} {name} {mem} {mt} Deep Learning AI GPU",
                f"{vendor} {name} {mem} for LLM Inference / Training {line}",
            ]
        elif model.segment == "workstation":
            templates = [
                f"{brand} {vendor} {name} {mem} {mt} Workstation Graphics Card",
                f"{vendor} {name} {mem} {mt} ECC Professional GPU {line}",
                f"{brand} {name} {mem} Pro Video Card",
            ]
        else:
            templates = [
                f"{brand} {vendor} {name} {line} {mem} {mt} Graphics Card",
                f"{brand} {vendor} {name} {mem} {line}",
                f"{brand} {name} {line} {mem} {mt} Video Card",
                f"{name} {mem} {brand} {line} GPU",
                f"{vendor} {name} {mem} {brand} {line} {mt}",
            ]
        title = r.choice(templates)
        noise = r.choice(NOISE[cid])
        if noise and r.random() < 0.65:
            title = f"{title} - {noise}" if r.random() < 0.7 else f"{noise.upper()} {title}"
        return title

    def _wedged_title(self, r: random.Random, model: Model, brand: str, line: str) -> str:
        parts = model.short.split()
        head = [p for p in parts if p not in _SUFFIXES]
        tail = [p for p in parts if p in _SUFFIXES]
        return f"{brand} {' '.join(head)} {model.memory_gb}GB {' '.join(tail).upper()} {line} {model.memory_type} Graphics Card"

    def _accessory(self, r: random.Random, model: Model, brand: str, line: str) -> tuple[str, float]:
        return r.choice(
            [
                (f"Backplate for {brand} {model.short} {line} - Black Aluminum", 29.99),
                (f"Replacement Cooling Fan Set (3 Fans) for {brand} {model.short} {line}", 21.95),
                (f"Full Cover GPU Water Block fits {model.short} Reference PCB ARGB", 139.0),
                (f"GPU Support Bracket Anti-Sag Holder fits {model.short}", 14.99),
                (f"PCIe Riser Cable + Vertical GPU Mount fits {model.short}", 44.99),
                (f"Thermal Pad Kit for {model.short} {model.memory_gb}GB Memory & VRM - Pre-Cut", 17.49),
                (f"Full Height Bracket for {brand} {model.short}", 11.99),
                (f"Blower Fan Cooling Shroud Kit for {model.short} 3D Printed", 29.99),
            ]
        )

    def _system(self, r: random.Random, model: Model, used: float) -> tuple[str, float]:
        if model.segment == "datacenter":
            return (
                f"{r.choice(SERVERS)} 2x Xeon Gold 256GB w/ 2x {model.short} {model.memory_gb}GB",
                used * 2 + 1500,
            )
        if (
            model.segment == "consumer"
            and model.short.startswith(("RTX 40", "RTX 50", "RTX 30"))
            and r.random() < 0.5
        ):
            return (
                f"{r.choice(LAPTOPS)} Gaming Laptop {model.short} Laptop GPU 32GB 1TB SSD",
                used * 1.2 + 700,
            )
        return (
            f"Custom Gaming PC {r.choice(CPUS)} {model.short} {model.memory_gb}GB 32GB DDR5 2TB NVMe Win 11",
            used + 950,
        )

    # -- retailers ------------------------------------------------------------------------------------
    def retailer_products(self, store: str, day: date) -> list[dict]:
        """The store's GPU products on `day` (new cards released in the last four years): sku, title, brand,
        price, was_price, in_stock, open_box_price (Micro Center), rating, reviews, model_id."""
        pool = [
            m
            for m in self.models
            if m.segment in ("consumer", "workstation")
            and m.release is not None
            and 0 <= (day - m.release).days <= 4 * 365
        ]
        pool.sort(key=lambda m: _unit(self.seed, store, "rank", m.model_id))
        out = []
        store_factor = {"newegg": 1.0, "microcenter": 0.97, "bestbuy": 1.02}[store]
        week = (day - EPOCH).days // 7
        for k in range(self.retailer_skus):
            if not pool:
                break
            m = pool[k % len(pool)]
            r = _rng(self.seed, store, m.model_id, k)
            brand, line = self._brand(r, m)
            if m.segment == "workstation":
                title = f"{brand} {('NVIDIA' if m.vendor == 'nvidia' else 'AMD')} {m.short} {m.memory_gb}GB {m.memory_type} Workstation Graphics Card"
            else:
                vendor = {"nvidia": "GeForce", "amd": "Radeon", "intel": "Intel Arc"}[m.vendor]
                title = (
                    f"{brand} {vendor} {m.short} {line} {m.memory_gb}GB {m.memory_type} PCIe Graphics Card"
                )
            new_ref, _ = reference_prices(m, day)
            list_price = round(new_ref * store_factor * (0.97 + 0.1 * r.random()), 0) - 0.01
            sale = _unit(self.seed, store, m.model_id, k, "sale", week) < 0.15
            price = round(list_price * (0.9 if sale else 1.0), 0) - 0.01
            out.append(
                {
                    "sku": {
                        "newegg": f"N82E16814{m.index:03d}{k:03d}",
                        "microcenter": f"{700000 + m.index * 100 + k}",
                        "bestbuy": f"{6500000 + m.index * 100 + k}",
                    }[store],
                    "title": title,
                    "brand": brand,
                    "model_id": m.model_id,
                    "price": price,
                    "was_price": list_price if sale else None,
                    "in_stock": _unit(self.seed, store, m.model_id, k, "stock", day) > 0.15,
                    "open_box_price": round(price * 0.88, 2)
                    if store == "microcenter" and r.random() < 0.25
                    else None,
                    "rating": round(3.5 + 1.5 * r.random(), 1),
                    "reviews": r.randint(0, 900),
                }
            )
        return out

    def retailer_pages(self, store: str, day: date, page_size: int | None = None) -> list[str]:
        """The store's listing pages on `day`, in the shape the project's parser for it reads: Newegg and
        Micro Center HTML, Best Buy Products API JSON (cursor paging)."""
        size = page_size or {"newegg": 36, "microcenter": 24, "bestbuy": 100}[store]
        products = self.retailer_products(store, day)
        chunks = [products[i : i + size] for i in range(0, len(products), size)] or [[]]
        render = {"newegg": _newegg_page, "microcenter": _microcenter_page, "bestbuy": _bestbuy_page}[store]
        return [render(chunk, n, len(chunks), size) for n, chunk in enumerate(chunks, start=1)]

    # -- files ------------------------------------------------------------------------------------------
    def write_day(self, out: Path, day: date) -> dict[str, int]:
        """Write `out/ebay/<model_id>.json` + manifest (the bundled sample's layout, one search per model)
        and `out/retailers/<store>/...` pages for `day`. Returns counts."""
        ebay_dir = out / "ebay"
        ebay_dir.mkdir(parents=True, exist_ok=True)
        files, total = {}, 0
        for m in self.models:
            if not m.search_query:
                continue
            items = self.search(m.search_query, day)
            if not items:
                continue
            files[m.model_id] = f"{m.model_id}.json"
            total += len(items)
            (ebay_dir / files[m.model_id]).write_text(
                json.dumps({"model_id": m.model_id, "itemSummaries": items}) + "\n"
            )
        manifest = {
            "snapshot_date": day.isoformat(),
            "kind": SOURCE_MODE,
            "note": NOTE,
            "seed": self.seed,
            "marketplace": "EBAY_US",
            "files": files,
        }
        (ebay_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        counts = {"ebay_items": total}
        for store, pattern in (
            ("newegg", "search-page-{n}.html"),
            ("microcenter", "category-page-{n}.html"),
            ("bestbuy", "products-page-{n}.json"),
        ):
            folder = out / "retailers" / store
            folder.mkdir(parents=True, exist_ok=True)
            pages = self.retailer_pages(store, day)
            for n, page in enumerate(pages, start=1):
                (folder / pattern.format(n=n)).write_text(page)
            counts[f"{store}_pages"] = len(pages)
        return counts


def browse_summary(
    item_id: str,
    title: str,
    price: float,
    condition_id: str,
    *,
    shipping: float | None = 0.0,
    variation: bool = False,
    seller: dict | None = None,
    created: datetime | None = None,
    truth: dict | None = None,
) -> dict:
    """A minimal Browse ItemSummary for a listing made elsewhere (e.g. generated in SQL by the benchmarks),
    marked simulated like every simulator item."""
    legacy = item_id.split("|")[1] if item_id.count("|") == 2 else item_id
    item: dict = {
        "itemId": item_id,
        "title": fit_title(title),
        "leafCategoryIds": ["27386"],
        "categories": EBAY_CATEGORIES,
        "price": {"value": f"{price:.2f}", "currency": "USD"},
    }
    if variation:
        item["itemGroupType"] = "SELLER_DEFINED_VARIATIONS"
    item["itemHref"] = f"https://{SIM_HOST}/buy/browse/v1/item/{item_id.replace('|', '%7C')}"
    item["seller"] = seller or {"feedbackPercentage": "99.5", "feedbackScore": 1200}
    item["condition"] = CONDITION_NAMES[condition_id]
    item["conditionId"] = condition_id
    if shipping is None:
        item["shippingOptions"] = [{"shippingCostType": "CALCULATED"}]
    else:
        item["shippingOptions"] = [
            {"shippingCostType": "FIXED", "shippingCost": {"value": f"{shipping:.2f}", "currency": "USD"}}
        ]
    item["buyingOptions"] = ["FIXED_PRICE"]
    item["itemWebUrl"] = f"https://{SIM_HOST}/itm/{legacy}"
    item["itemLocation"] = {"country": "US"}
    item["itemCreationDate"] = _iso(created or datetime(2026, 1, 1))
    item["simulated"] = True
    if truth is not None:
        item["simTruth"] = truth
    return item


# --------------------------------------------------------------------------------------------- pages
def _money(v: float) -> str:
    return f"${v:,.2f}"


def _newegg_page(products: list[dict], n: int, pages: int, size: int) -> str:
    cells = []
    for p in products:
        url = f"https://{SIM_HOST}/newegg/p/{p['sku']}"
        whole, cents = f"{p['price']:,.2f}".split(".")
        was = (
            f'<li class="price-was"><span class="price-was-data">{_money(p["was_price"])}</span></li>'
            if p["was_price"]
            else ""
        )
        promo = "" if p["in_stock"] else '<p class="item-promo">OUT OF STOCK</p>'
        title = html.escape(p["title"])
        cells.append(f"""<div class="item-cell" id="item_cell_{p["sku"].lower()}"><div class="item-container">
<a href="{url}" class="item-img"><img src="https://{SIM_HOST}/img.jpg" alt="{title}"></a>
<div class="item-info"><div class="item-branding"><a href="https://{SIM_HOST}/brand" class="item-brand"><img class="item-brand-img" title="{html.escape(p["brand"])}" alt="{html.escape(p["brand"])}"></a>
<a class="item-rating" href="{url}"><i class="rating rating-{int(p["rating"])}" aria-label="rated {p["rating"]} out of 5"></i><span class="item-rating-num">({p["reviews"]:,})</span></a></div>
<a href="{url}" class="item-title" title="View Details">{title}</a>
<ul class="item-features"><li><strong>Item #: </strong>{p["sku"]}</li></ul>{promo}</div>
<div class="item-action"><ul class="price">{was}<li class="price-current"><span class="price-current-label"></span>$<strong>{whole}</strong><sup>.{cents}</sup></li>
<li class="price-ship">Free Shipping</li></ul></div></div></div>""")
    nxt = " disabled" if n >= pages else ""
    return f"""<!DOCTYPE html>
<!-- {NOTE} -->
<html lang="en"><head><meta charset="utf-8"><title>Desktop Graphics Cards | simulated</title></head><body>
<div class="list-tool-pagination"><span class="list-tool-pagination-text">Page <strong>{n}/{pages}</strong></span>
<div class="btn-group-cell"><button class="btn btn-mini" title="Next" aria-label="Next"{nxt}></button></div></div>
<div class="item-cells-wrap">
{chr(10).join(cells)}
</div></body></html>
"""


def _microcenter_page(products: list[dict], n: int, pages: int, size: int) -> str:
    tiles = []
    for i, p in enumerate(products):
        href = f"https://{SIM_HOST}/microcenter/product/{p['sku']}/sim"
        title = html.escape(p["title"])
        data = (
            f'data-name="{title}" data-price="{p["price"]:.2f}" data-brand="{html.escape(p["brand"])}" '
            f'data-id="{p["sku"]}" data-category="Video Cards"'
        )
        was = (
            f'<div class="mapped">Original Price <s>{_money(p["was_price"])}</s></div>'
            if p["was_price"]
            else ""
        )
        ob = f"Open Box: from <strong>{_money(p['open_box_price'])}</strong>" if p["open_box_price"] else ""
        stock = "12 NEW IN STOCK" if p["in_stock"] else "SOLD OUT"
        tiles.append(f"""<li class="product_wrapper" id="pwrapper_{i}">
<div class="normal"><h2><a id="hypProductH2_{i}" class="productClickItemV2" href="{href}" {data}>{title}</a></h2></div>
<div class="ratingstars"><div class="stars" data-rating="{p["rating"]}">{p["rating"]} stars</div><div class="ratingcount">({p["reviews"]} Reviews)</div></div>
<p class="sku">SKU: {p["sku"]}</p>
<div class="price_wrapper"><div class="price"><span itemprop="price" content="{p["price"]:.2f}">{_money(p["price"])}</span></div>{was}
<div class="clearance">{ob}</div><div class="stock"><span class="inventoryCnt">{stock}</span> at Simulated Store</div></div>
</li>""")
    links = "".join(
        f'<li><a href="https://{SIM_HOST}/microcenter/search?page={k}">{k}</a></li>'
        for k in range(1, pages + 1)
    )
    if n < pages:
        links += f'<li><a href="https://{SIM_HOST}/microcenter/search?page={n + 1}" aria-label="Next Page">&gt;</a></li>'
    return f"""<!DOCTYPE html>
<!-- {NOTE} -->
<html lang="en"><head><meta charset="utf-8"><title>Video Cards | simulated</title></head><body><main>
<ul class="products">
{chr(10).join(tiles)}
</ul>
<div id="bottomPagination" class="pagination"><ul class="pages">{links}</ul></div>
</main></body></html>
"""


def _bestbuy_page(products: list[dict], n: int, pages: int, size: int) -> str:
    cursor = "*" if n == 1 else f"SIMCURSOR{n}"
    payload = {
        "_comment": NOTE,
        "simulated": True,
        "from": (n - 1) * size + 1,
        "to": (n - 1) * size + len(products),
        "total": (pages - 1) * size + len(products) if n == pages else pages * size,
        "currentPage": n,
        "totalPages": pages,
        "canonicalUrl": f"/v1/products(categoryPath.id=abcat0507002)?format=json&cursorMark={cursor}",
        "nextCursorMark": f"SIMCURSOR{n + 1}" if n < pages else cursor,
        "products": [
            {
                "sku": int(p["sku"]),
                "name": p["title"],
                "salePrice": p["price"],
                "regularPrice": p["was_price"] or p["price"],
                "onSale": p["was_price"] is not None,
                "onlineAvailability": p["in_stock"],
                "condition": "New",
                "url": f"https://{SIM_HOST}/bestbuy/click/-/{p['sku']}/pdp",
                "manufacturer": p["brand"],
                "customerReviewAverage": p["rating"],
                "customerReviewCount": p["reviews"],
                "shippingCost": 0,
                "freeShipping": True,
            }
            for p in products
        ],
    }
    return json.dumps(payload, indent=1) + "\n"


# --------------------------------------------------------------------------------------------- checks
_ITEM_ID = re.compile(r"^v1\|\d{12}\|\d+$")
_MONEY = re.compile(r"^\d+\.\d{2}$")


def browse_summary_problems(item: dict) -> list[str]:
    """What keeps `item` from being a Browse ItemSummary as the project reads it ([] when it is one)."""
    problems = []
    if not isinstance(item.get("itemId"), str) or not _ITEM_ID.match(item["itemId"]):
        problems.append(f"itemId {item.get('itemId')!r}")
    title = item.get("title")
    if not isinstance(title, str) or not title or len(title) > TITLE_MAX:
        problems.append(f"title {title!r}")
    price = item.get("price")
    if (
        not isinstance(price, dict)
        or price.get("currency") != "USD"
        or not _MONEY.match(str(price.get("value", "")))
    ):
        problems.append(f"price {price!r}")
    if item.get("conditionId") not in CONDITION_NAMES or item.get("condition") != CONDITION_NAMES.get(
        item.get("conditionId")
    ):
        problems.append(f"condition {item.get('conditionId')!r}/{item.get('condition')!r}")
    seller = item.get("seller")
    try:
        ok = isinstance(seller.get("feedbackScore"), int) and 0 <= float(seller["feedbackPercentage"]) <= 100
    except (AttributeError, KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        problems.append(f"seller {seller!r}")
    if not isinstance(item.get("buyingOptions"), list) or "FIXED_PRICE" not in item["buyingOptions"]:
        problems.append("buyingOptions")
    for option in item.get("shippingOptions", []):
        if option.get("shippingCostType") not in ("FIXED", "CALCULATED"):
            problems.append(f"shippingOptions {option!r}")
    if not isinstance(item.get("itemLocation"), dict) or not item["itemLocation"].get("country"):
        problems.append("itemLocation")
    for key in ("itemWebUrl", "itemHref"):
        if not str(item.get(key, "")).startswith(f"https://{SIM_HOST}/"):
            problems.append(f"{key} is not on {SIM_HOST}")
    try:
        datetime.fromisoformat(str(item.get("itemCreationDate", "")).replace("Z", "+00:00"))
    except ValueError:
        problems.append("itemCreationDate")
    if item.get("simulated") is not True:
        problems.append("simulated marker missing")
    return problems


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--day", type=date.fromisoformat, default=date(2026, 11, 20))
    ap.add_argument("--days", type=int, default=1, help="write this many consecutive days (out/YYYY-MM-DD/)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--listings", type=int, default=5000, help="eBay listings live on a day")
    ap.add_argument("--skus", type=int, default=60, help="products per retailer")
    args = ap.parse_args()
    sim = MarketSim(args.seed, active_listings=args.listings, retailer_skus=args.skus)
    for k in range(args.days):
        day = args.day + timedelta(days=k)
        target = args.out if args.days == 1 else args.out / day.isoformat()
        print(day, sim.write_day(target, day), "->", target)


if __name__ == "__main__":
    main()
