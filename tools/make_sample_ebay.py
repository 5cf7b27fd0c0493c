#!/usr/bin/env python3
"""Author the bundled eBay sample snapshot used by gpu-market's "sample" mode.

Writes pipelines/sample_data/ebay/manifest.json and one <model_id>.json per
searched model.  Each model file holds {"model_id": ..., "itemSummaries": [...]}:
every item an eBay Buy Browse ``item_summary/search`` for that model would
return, in the Browse ItemSummary shape.  The replay transport pages them.

Everything here is authored by the gpu-market project: titles, ids, URLs,
sellers and prices are synthetic (plausible late-2026 asking prices, not market
prices).  The output is deterministic: a fixed seed, stdlib only.

    python tools/make_sample_ebay.py            # writes into the repo (and the GB and DE snapshots)
    python tools/make_sample_ebay.py --out DIR  # writes somewhere else
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import math
import random
from pathlib import Path

try:
    from tools import make_sample_ebay_regions
except ImportError:  # run as a script: tools/ is on the path, the repository may not be
    import make_sample_ebay_regions

SEED = 20261120
SNAPSHOT_DATE = "2026-11-20"
WINDOW_START = dt.datetime(2026, 8, 1, 0, 0, 0)
WINDOW_END = dt.datetime(2026, 11, 19, 23, 59, 59)
SNAPSHOT = dt.datetime(2026, 11, 20, 0, 0, 0)

MANIFEST_NOTE = (
    "Authored by the gpu-market project as sample data in the eBay Browse API format. Not market prices."
)

CATEGORIES = [
    {"categoryId": "27386", "categoryName": "Graphics/Video Cards"},
    {"categoryId": "58058", "categoryName": "Computers/Tablets & Networking"},
    {"categoryId": "175673", "categoryName": "Computer Components & Parts"},
]

CONDITIONS = {
    "1000": "New",
    "1500": "Open box",
    "2010": "Excellent - Refurbished",
    "2500": "Seller refurbished",
    "3000": "Used",
    "7000": "For parts or not working",
}

US_ZIP3 = [
    "941",
    "945",
    "950",
    "900",
    "917",
    "921",
    "100",
    "112",
    "117",
    "070",
    "191",
    "152",
    "021",
    "030",
    "303",
    "331",
    "334",
    "282",
    "275",
    "372",
    "432",
    "441",
    "482",
    "606",
    "553",
    "631",
    "641",
    "750",
    "752",
    "770",
    "787",
    "802",
    "850",
    "891",
    "840",
    "971",
    "981",
    "995",
    "967",
    "200",
    "223",
    "212",
    "141",
    "142",
    "146",
    "537",
    "462",
    "402",
    "322",
    "328",
    "080",
    "054",
]

IMG_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789~-"

# --------------------------------------------------------------------------------------
# Model specs.  Prices are authored list/asking anchors in USD:
#   new  = typical "New" asking price, used = typical "Used" asking price.
# tier: popular (20-35 items), ws (workstation, 12-18), dc (datacenter, 8-15)
# --------------------------------------------------------------------------------------

GF50 = [
    ("ASUS", ["TUF Gaming OC", "ROG Astral OC", "Prime OC"]),
    ("MSI", ["Gaming Trio OC", "Vanguard SOC", "Shadow 3X OC", "Ventus 3X OC"]),
    ("GIGABYTE", ["Windforce OC SFF", "Gaming OC", "AORUS Master", "Eagle OC Ice"]),
    ("ZOTAC", ["Gaming Solid OC", "AMP Extreme Infinity"]),
    ("PNY", ["OC Triple Fan", "ARGB OC"]),
    ("INNO3D", ["X3 OC"]),
]
GF40 = [
    ("ASUS", ["TUF Gaming OC", "ROG Strix OC", "Dual OC", "ProArt OC"]),
    ("MSI", ["Gaming X Trio", "Ventus 3X OC", "Ventus 2X OC", "Suprim X", "Gaming X Slim"]),
    ("GIGABYTE", ["Gaming OC", "Windforce OC", "Eagle OC", "AORUS Master", "AERO OC"]),
    ("ZOTAC", ["Gaming Trinity OC", "Twin Edge OC", "AMP Extreme AIRO"]),
    ("PNY", ["XLR8 Gaming Verto", "Verto Dual Fan", "XLR8 Gaming Epic-X RGB"]),
    ("PALIT", ["GamingPro OC", "JetStream"]),
]
GF30 = [
    ("EVGA", ["FTW3 Ultra Gaming", "XC3 Ultra Gaming", "XC3 Black Gaming"]),
    ("ASUS", ["TUF Gaming OC", "ROG Strix OC", "Dual OC"]),
    ("MSI", ["Gaming X Trio", "Ventus 3X OC", "Ventus 2X OC", "Suprim X"]),
    ("GIGABYTE", ["Gaming OC", "Eagle OC", "Vision OC", "AORUS Master"]),
    ("ZOTAC", ["Gaming Trinity OC", "Twin Edge OC"]),
    ("PNY", ["XLR8 Gaming Revel Epic-X"]),
]
GF20_10 = [
    ("EVGA", ["SC2 Gaming", "FTW3 Ultra Gaming", "XC Ultra Gaming", "Black Edition"]),
    ("ASUS", ["ROG Strix OC", "Turbo Blower"]),
    ("MSI", ["Gaming X Trio", "Duke OC", "Armor OC", "Aero"]),
    ("GIGABYTE", ["AORUS Xtreme", "Windforce OC", "Gaming OC"]),
    ("ZOTAC", ["AMP Edition", "Mini"]),
]
AMD7 = [
    ("Sapphire", ["Nitro+", "Pulse"]),
    ("XFX", ["Speedster MERC 310", "Speedster QICK 319"]),
    ("PowerColor", ["Red Devil", "Hellhound", "Fighter"]),
    ("ASRock", ["Taichi OC", "Phantom Gaming OC", "Steel Legend OC"]),
    ("ASUS", ["TUF Gaming OC"]),
    ("GIGABYTE", ["Gaming OC"]),
]
ARC = [
    ("Intel", ["Limited Edition"]),
    ("ASRock", ["Steel Legend OC", "Challenger OC"]),
    ("Sparkle", ["Titan OC", "Guardian OC"]),
    ("ONIX", ["Lumi OC"]),
    ("GUNNIR", ["Photon OC"]),
]

# condition mixes: (conditionId, weight)
MIX_CURRENT = [("1000", 46), ("1500", 12), ("2010", 5), ("2500", 4), ("3000", 33)]
MIX_RECENT = [("1000", 30), ("1500", 10), ("2010", 7), ("2500", 5), ("3000", 48)]
MIX_OLD = [("1000", 6), ("1500", 3), ("2010", 6), ("2500", 8), ("3000", 77)]
MIX_WS = [("1000", 25), ("1500", 10), ("2010", 8), ("2500", 7), ("3000", 50)]
MIX_DC = [("1000", 25), ("1500", 12), ("2010", 10), ("2500", 8), ("3000", 45)]

POPULAR = [
    dict(
        id="rtx-3060-12gb",
        fam="gf",
        name="RTX 3060",
        mem=12,
        mt="GDDR6",
        pcie="4.0",
        new=279,
        used=199,
        n=14,
        brands=[b for b in GF30 if b[0] != "PNY"],
        fe=False,
        mix=MIX_OLD,
        laptop="RTX 3060",
        lot=True,
        sib=[("RTX 3060 Ti", 8, "GDDR6X", 239), ("RTX 3060", 8, "GDDR6", 169)],
        wedged=("RTX 3060 LHR 12GB", True),
    ),
    dict(
        id="rtx-3080-10gb",
        fam="gf",
        name="RTX 3080",
        mem=10,
        mt="GDDR6X",
        pcie="4.0",
        new=529,
        used=349,
        n=15,
        brands=GF30,
        fe=True,
        mix=MIX_OLD,
        laptop="RTX 3080",
        lot=True,
        sib=[("RTX 3080", 12, "GDDR6X", 399), ("RTX 3080 Ti", 12, "GDDR6X", 459)],
        wedged=("RTX 3080 12GB Ti", False),
    ),
    dict(
        id="rtx-3090",
        fam="gf",
        name="RTX 3090",
        mem=24,
        mt="GDDR6X",
        pcie="4.0",
        new=1149,
        used=769,
        n=17,
        brands=GF30,
        fe=True,
        mix=MIX_OLD,
        laptop=None,
        lot=True,
        sib=[("RTX 3090 Ti", 24, "GDDR6X", 899)],
        wedged=("RTX 3090 24GB Ti", False),
    ),
    dict(
        id="rtx-4060-ti-16gb",
        fam="gf",
        name="RTX 4060 Ti",
        mem=16,
        mt="GDDR6",
        pcie="4.0",
        new=429,
        used=339,
        n=12,
        brands=GF40,
        fe=False,
        mix=MIX_RECENT,
        laptop="RTX 4060",
        lot=False,
        sib=[("RTX 4060 Ti", 8, "GDDR6", 289)],
        wedged=("RTX 4060 16GB Ti", True),
    ),
    dict(
        id="rtx-4070",
        fam="gf",
        name="RTX 4070",
        mem=12,
        mt="GDDR6X",
        pcie="4.0",
        new=529,
        used=429,
        n=14,
        brands=GF40,
        fe=True,
        mix=MIX_RECENT,
        laptop="RTX 4070",
        lot=False,
        sib=[("RTX 4070 Ti", 12, "GDDR6X", 569)],
        wedged=("RTX 4070 12GB SUPER", False),
    ),
    dict(
        id="rtx-4070-super",
        fam="gf",
        name="RTX 4070 Super",
        mem=12,
        mt="GDDR6X",
        pcie="4.0",
        new=599,
        used=489,
        n=13,
        brands=GF40,
        fe=True,
        mix=MIX_RECENT,
        laptop=None,
        lot=False,
        sib=[("RTX 4070 Ti Super", 16, "GDDR6X", 669)],
        wedged=("RTX 4070 12GB SUPER", True),
    ),
    dict(
        id="rtx-4070-ti",
        fam="gf",
        name="RTX 4070 Ti",
        mem=12,
        mt="GDDR6X",
        pcie="4.0",
        new=699,
        used=569,
        n=13,
        brands=GF40,
        fe=False,
        mix=MIX_RECENT,
        laptop=None,
        lot=False,
        sib=[],
        wedged=("RTX 4070 Ti 16GB SUPER", False),
    ),
    dict(
        id="rtx-4070-ti-super",
        fam="gf",
        name="RTX 4070 Ti Super",
        mem=16,
        mt="GDDR6X",
        pcie="4.0",
        new=799,
        used=669,
        n=13,
        brands=GF40,
        fe=False,
        mix=MIX_RECENT,
        laptop=None,
        lot=False,
        sib=[("RTX 4070 Super", 12, "GDDR6X", 489)],
        wedged=("RTX 4070 Ti 16GB SUPER", True),
    ),
    dict(
        id="rtx-4080-super",
        fam="gf",
        name="RTX 4080 Super",
        mem=16,
        mt="GDDR6X",
        pcie="4.0",
        new=1049,
        used=869,
        n=15,
        brands=GF40,
        fe=True,
        mix=MIX_RECENT,
        laptop="RTX 4080",
        lot=False,
        sib=[("RTX 4080", 16, "GDDR6X", 799)],
        wedged=("RTX 4080 16GB SUPER", True),
    ),
    dict(
        id="rtx-4090",
        fam="gf",
        name="RTX 4090",
        mem=24,
        mt="GDDR6X",
        pcie="4.0",
        new=2249,
        used=1749,
        n=18,
        brands=GF40,
        fe=True,
        mix=MIX_RECENT,
        laptop="RTX 4090",
        lot=False,
        sib=[("RTX 4090 D", 24, "GDDR6X", 1599)],
        wedged=("RTX 4090 24GB D", False),
    ),
    dict(
        id="rtx-5070-ti",
        fam="gf",
        name="RTX 5070 Ti",
        mem=16,
        mt="GDDR7",
        pcie="5.0",
        new=799,
        used=689,
        n=14,
        brands=GF50,
        fe=False,
        mix=MIX_CURRENT,
        laptop="RTX 5070 Ti",
        lot=False,
        sib=[("RTX 5070", 12, "GDDR7", 519)],
        wedged=("RTX 5070 16GB Ti", True),
    ),
    dict(
        id="rtx-5080",
        fam="gf",
        name="RTX 5080",
        mem=16,
        mt="GDDR7",
        pcie="5.0",
        new=1149,
        used=989,
        n=16,
        brands=GF50,
        fe=True,
        mix=MIX_CURRENT,
        laptop="RTX 5080",
        lot=False,
        sib=[("RTX 5090", 32, "GDDR7", 2599)],
        wedged=None,
    ),
    dict(
        id="rtx-5090",
        fam="gf",
        name="RTX 5090",
        mem=32,
        mt="GDDR7",
        pcie="5.0",
        new=2899,
        used=2599,
        n=18,
        brands=GF50,
        fe=True,
        mix=MIX_CURRENT,
        laptop="RTX 5090",
        lot=False,
        sib=[("RTX 5090 D", 32, "GDDR7", 2299)],
        wedged=("RTX 5090 32GB D", False),
    ),
    dict(
        id="gtx-1080-ti",
        fam="gf",
        name="GTX 1080 Ti",
        mem=11,
        mt="GDDR5X",
        pcie="3.0",
        new=399,
        used=179,
        n=14,
        brands=GF20_10,
        fe=True,
        mix=MIX_OLD,
        laptop="GTX 1080",
        lot=True,
        sib=[("GTX 1080", 8, "GDDR5X", 129)],
        wedged=("GTX 1080 11GB Ti", True),
    ),
    dict(
        id="rtx-2080-ti",
        fam="gf",
        name="RTX 2080 Ti",
        mem=11,
        mt="GDDR6",
        pcie="3.0",
        new=549,
        used=279,
        n=14,
        brands=GF20_10,
        fe=True,
        mix=MIX_OLD,
        laptop="RTX 2080",
        lot=False,
        sib=[("RTX 2080 Super", 8, "GDDR6", 219)],
        wedged=("RTX 2080 11GB Ti", True),
    ),
    dict(
        id="rx-7900-xtx",
        fam="amd",
        name="RX 7900 XTX",
        mem=24,
        mt="GDDR6",
        pcie="4.0",
        new=899,
        used=729,
        n=14,
        brands=AMD7,
        fe=False,
        mix=MIX_RECENT,
        laptop=None,
        lot=False,
        sib=[("RX 7900 XT", 20, "GDDR6", 589)],
        wedged=("RX 7900 24GB XTX", True),
    ),
    dict(
        id="rx-7800-xt",
        fam="amd",
        name="RX 7800 XT",
        mem=16,
        mt="GDDR6",
        pcie="4.0",
        new=469,
        used=389,
        n=13,
        brands=AMD7,
        fe=False,
        mix=MIX_RECENT,
        laptop=None,
        lot=False,
        sib=[("RX 7900 GRE", 16, "GDDR6", 489)],
        wedged=("RX 7800 16GB XT", True),
    ),
    dict(
        id="arc-b580",
        fam="intel",
        name="Arc B580",
        mem=12,
        mt="GDDR6",
        pcie="4.0",
        new=259,
        used=219,
        n=12,
        brands=ARC,
        fe=False,
        mix=MIX_CURRENT,
        laptop=None,
        lot=False,
        sib=[("Arc B570", 10, "GDDR6", 199)],
        wedged=None,
    ),
]

WORKSTATION = [
    dict(
        id="rtx-a4000",
        name="RTX A4000",
        mem=16,
        new=949,
        used=549,
        n=13,
        arch="Ampere",
        sib=("RTX A4500", 20, 899),
    ),
    dict(id="rtx-a5000", name="RTX A5000", mem=24, new=1899, used=1249, n=12, arch="Ampere", sib=None),
    dict(id="rtx-a6000", name="RTX A6000", mem=48, new=4699, used=3399, n=12, arch="Ampere", sib=None),
    dict(
        id="rtx-6000-ada",
        name="RTX 6000 Ada",
        mem=48,
        new=7199,
        used=5799,
        n=11,
        arch="Ada",
        sib=("Quadro RTX 6000", 24, 1399),
    ),
]

DATACENTER = [
    dict(
        id="tesla-p40",
        name="Tesla P40",
        mem=24,
        mt="GDDR5",
        new=349,
        used=249,
        n=9,
        words="Pascal PCIe 3.0 Passive",
    ),
    dict(
        id="tesla-v100-sxm2-16gb",
        name="Tesla V100 SXM2",
        mem=16,
        mt="HBM2",
        new=229,
        used=139,
        n=8,
        words="Volta 300W Module",
    ),
    dict(
        id="tesla-v100-pcie-32gb",
        name="Tesla V100 PCIe",
        mem=32,
        mt="HBM2",
        new=1499,
        used=1049,
        n=7,
        words="Volta 250W Passive",
    ),
    dict(
        id="tesla-t4",
        name="Tesla T4",
        mem=16,
        mt="GDDR6",
        new=849,
        used=599,
        n=9,
        words="Turing Low Profile 70W",
    ),
    dict(
        id="a10",
        name="A10",
        mem=24,
        mt="GDDR6",
        new=2399,
        used=1699,
        n=7,
        words="Ampere Tensor Core PCIe 4.0 150W",
    ),
    dict(
        id="a100-pcie-40gb",
        name="A100 PCIe",
        mem=40,
        mt="HBM2",
        new=6799,
        used=4799,
        n=7,
        words="Ampere Tensor Core 250W",
    ),
    dict(
        id="a100-pcie-80gb",
        name="A100 PCIe",
        mem=80,
        mt="HBM2e",
        new=12999,
        used=9499,
        n=7,
        words="Ampere Tensor Core 300W",
    ),
    dict(
        id="l4",
        name="L4",
        mem=24,
        mt="GDDR6",
        new=2599,
        used=1999,
        n=7,
        words="Ada Tensor Core Low Profile 72W",
    ),
    dict(id="l40s", name="L40S", mem=48, mt="GDDR6", new=8999, used=7499, n=8, words="Ada PCIe 4.0 350W"),
    dict(
        id="instinct-mi100",
        name="Instinct MI100",
        mem=32,
        mt="HBM2",
        new=1199,
        used=799,
        n=8,
        words="CDNA PCIe 4.0 Passive",
    ),
]


# --------------------------------------------------------------------------------------
class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.ids: set[str] = set()
        self.epids: dict[str, str] = {}
        self.pns: dict[str, str] = {}
        self.sellers = self._seller_pool(140)

    # ---- primitives ------------------------------------------------------------------
    def legacy_id(self) -> str:
        while True:
            s = str(self.r.choice([1, 2, 3, 3, 4])) + "".join(self.r.choice("0123456789") for _ in range(11))
            if s not in self.ids:
                self.ids.add(s)
                return s

    def img(self, size: str = "s-l225") -> str:
        key = "".join(self.r.choice(IMG_CHARS) for _ in range(16))
        return f"https://i.ebayimg.com/images/g/{key}/{size}.jpg"

    def epid(self, key: str) -> str:
        if key not in self.epids:
            self.epids[key] = str(self.r.randint(1_000_000_000, 29_999_999_999))
        return self.epids[key]

    def _seller_pool(self, n: int):
        pool = []
        for i in range(n):
            score = int(math.exp(self.r.uniform(math.log(3), math.log(250_000))))
            if score < 25:
                pct = self.r.choice(["100.0", "100.0", "96.2", "95.5"])
            else:
                pct = f"{min(100.0, self.r.gauss(99.4, 0.6)):.1f}"
                if float(pct) < 96.0:
                    pct = "96.8"
            # a user name as eBay gives it (seller.username): the project hashes it into seller_key, one voice
            # per seller in the price statistics; synthetic, and drawn from no random number
            pool.append(
                {"username": f"sample_seller_{i:03d}", "feedbackPercentage": pct, "feedbackScore": score}
            )
        return pool

    def seller(self) -> dict:
        return dict(self.r.choice(self.sellers))

    def money(self, v: float) -> dict:
        return {"value": f"{v:.2f}", "currency": "USD"}

    def price(self, base: float, sigma: float = 0.08) -> float:
        """Asking price around `base` (log-normal spread) with eBay-ish endings."""
        v = max(1.0, base * math.exp(self.r.gauss(0.0, sigma)))
        roll = self.r.random()
        if v >= 1000:
            tens = round(v / 10) * 10
            if roll < 0.40:
                return tens - 0.01
            if roll < 0.85:
                return float(tens)
            if roll < 0.93:
                return tens - 0.05
            return math.floor(v) + self.r.randint(1, 98) / 100
        whole = math.floor(v)
        if roll < 0.40:
            return whole + 0.99
        if roll < 0.72:
            return float(whole)
        if roll < 0.84:
            return whole + 0.95
        if roll < 0.92:
            return whole + 0.49
        return whole + self.r.randint(1, 98) / 100

    def when(self) -> dt.datetime:
        span = (WINDOW_END - WINDOW_START).total_seconds()
        # skew toward recent listings
        frac = 1.0 - self.r.random() ** 1.7
        return WINDOW_START + dt.timedelta(seconds=int(span * frac))

    @staticmethod
    def iso(t: dt.datetime) -> str:
        return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"

    def condition(self, mix) -> str:
        total = sum(w for _, w in mix)
        x = self.r.uniform(0, total)
        for cid, w in mix:
            x -= w
            if x <= 0:
                return cid
        return mix[-1][0]

    def shipping(self, heavy: bool = False, force: str | None = None):
        kind = force
        if kind is None:
            x = self.r.random()
            kind = "free" if x < 0.62 else "paid" if x < 0.77 else "calc" if x < 0.94 else "none"
        if kind == "none":
            return None
        if kind == "calc":
            return [{"shippingCostType": "CALCULATED"}]
        cost = (
            0.0
            if kind == "free"
            else self.r.choice(
                [9.99, 12.50, 14.99, 19.99, 24.99, 35.00] if not heavy else [29.99, 45.00, 65.00, 89.00]
            )
        )
        opt = {"shippingCostType": "FIXED", "shippingCost": self.money(cost)}
        if self.r.random() < 0.18:
            d0 = SNAPSHOT + dt.timedelta(days=self.r.randint(3, 6), hours=8)
            d1 = d0 + dt.timedelta(days=self.r.randint(2, 5))
            opt["minEstimatedDeliveryDate"] = self.iso(d0)
            opt["maxEstimatedDeliveryDate"] = self.iso(d1)
            if self.r.random() < 0.15:
                opt["guaranteedDelivery"] = True
        return [opt]

    def location(self, abroad_p: float = 0.03) -> dict:
        if self.r.random() < abroad_p:
            return {"country": self.r.choice(["CN", "CN", "HK"])}
        return {"postalCode": self.r.choice(US_ZIP3) + "**", "country": "US"}

    def pn(self, key: str, fn) -> str:
        if key not in self.pns:
            self.pns[key] = fn()
        return self.pns[key]

    def digits(self, n: int) -> str:
        return "".join(self.r.choice("0123456789") for _ in range(n))

    def alnum(self, n: int) -> str:
        return "".join(self.r.choice("0123456789BCDFGHJKMNPRTVWXY") for _ in range(n))

    # ---- item assembly ---------------------------------------------------------------
    def item(
        self,
        title: str,
        price: float,
        cid: str,
        *,
        epid_key: str | None = None,
        best_offer: float | None = None,
        ship=None,
        ship_kind: str | None = None,
        heavy: bool = False,
        abroad_p: float = 0.03,
        seller: dict | None = None,
        variation: bool = False,
        marketing: bool | None = None,
    ) -> dict:
        r = self.r
        title = fit_title(title)
        legacy = self.legacy_id()
        var_id = self.digits(12) if variation else "0"
        if variation and var_id[0] == "0":
            var_id = "1" + var_id[1:]
        item_id = f"v1|{legacy}|{var_id}"
        it: dict = {"itemId": item_id, "title": title}
        if variation:
            it["itemGroupHref"] = (
                f"https://api.ebay.com/buy/browse/v1/item/get_items_by_item_group?item_group_id={legacy}"
            )
        it["leafCategoryIds"] = ["27386"]
        it["categories"] = copy.deepcopy(CATEGORIES)
        main_img = self.img()
        it["image"] = {"imageUrl": main_img}
        it["price"] = self.money(price)
        if variation:
            it["itemGroupType"] = "SELLER_DEFINED_VARIATIONS"
        it["itemHref"] = f"https://api.ebay.com/buy/browse/v1/item/v1%7C{legacy}%7C{var_id}"
        it["seller"] = seller if seller is not None else self.seller()
        if marketing is None:
            marketing = cid in ("1000", "1500") and price > 50 and r.random() < 0.12
        if marketing:
            pct = r.choice([5, 6, 8, 10, 12, 15, 20])
            orig = round(price / (1 - pct / 100.0), 2)
            mp = {
                "originalPrice": self.money(orig),
                "discountPercentage": str(pct),
                "discountAmount": self.money(orig - price),
            }
            mp["priceTreatment"] = r.choice(["LIST_PRICE", "MARKDOWN"])
            it["marketingPrice"] = mp
        it["condition"] = CONDITIONS[cid]
        it["conditionId"] = cid
        it["thumbnailImages"] = [{"imageUrl": main_img.replace("s-l225", "s-l1600")}]
        if ship is None and ship_kind != "default-none":
            ship = self.shipping(heavy=heavy, force=ship_kind)
        if ship:
            it["shippingOptions"] = ship
        bo_p = best_offer if best_offer is not None else (0.55 if cid in ("3000", "7000", "2500") else 0.3)
        it["buyingOptions"] = ["FIXED_PRICE", "BEST_OFFER"] if r.random() < bo_p else ["FIXED_PRICE"]
        if epid_key is not None and r.random() < 0.72:
            it["epid"] = self.epid(epid_key)
        it["itemWebUrl"] = f"https://www.ebay.com/itm/{legacy}"
        it["itemLocation"] = self.location(abroad_p)
        if r.random() < 0.8:
            it["additionalImages"] = [{"imageUrl": self.img()} for _ in range(r.randint(1, 6))]
        it["adultOnly"] = False
        it["legacyItemId"] = legacy
        it["availableCoupons"] = r.random() < 0.03
        origin = self.when()
        created = origin
        x = r.random()
        if x < 0.25:
            created = origin + dt.timedelta(seconds=r.randint(1, 6 * 3600))
        elif x < 0.35:
            created = origin + dt.timedelta(days=r.randint(5, 40), seconds=r.randint(0, 86399))
        created = min(created, WINDOW_END)
        origin = origin.replace(microsecond=0)
        created = created.replace(microsecond=r.choice([0, 0, 0, 0, 1000, 237000, 500000]))
        if r.random() < 0.6:
            it["itemOriginDate"] = self.iso(origin)
        it["itemCreationDate"] = self.iso(created)
        if r.random() < 0.16:
            end = SNAPSHOT + dt.timedelta(
                days=r.randint(1, 29), hours=origin.hour, minutes=origin.minute, seconds=origin.second
            )
            it["itemEndDate"] = self.iso(end)
        it["topRatedBuyingExperience"] = r.random() < 0.2
        it["priorityListing"] = r.random() < 0.4
        it["listingMarketplaceId"] = "EBAY_US"
        return it


def fit_title(t: str) -> str:
    t = " ".join(t.split())
    # a seller over the 80-char limit drops filler before cutting words
    for filler in (
        " Win 11",
        " - Seller Refurb - New Thermal Pads",
        " Graphics Card",
        " Video Card",
        " Computing Card",
        " Deep Learning",
    ):
        if len(t) > 80 and filler in t:
            t = t.replace(filler, "", 1)
    if len(t) <= 80:
        return t
    cut = t[:81].rsplit(" ", 1)[0]
    return cut.rstrip(" -/,(&")


# --------------------------------------------------------------------------------------
# consumer card titles
# --------------------------------------------------------------------------------------
SUFFIX = {
    "1000": ["NEW SEALED", "Brand New", "New In Box", "NIB - Ships Fast", "New - In Hand", ""],
    "1500": ["Open Box", "Open Box - Unused", "Open Box, Complete", "Like New Open Box", ""],
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
        "",
    ],
}


def name_variant(g: Gen, name: str) -> str:
    x = g.r.random()
    if x < 0.55:
        return name
    parts = name.split()
    if x < 0.75:
        return " ".join(p.upper() if p.lower() in ("super", "ti", "xt", "xtx") else p for p in parts)
    if x < 0.85 and len(parts) >= 3 and parts[2] in ("Ti", "XT", "XTX", "Super", "D"):
        # "RTX 4070 Ti Super" -> "RTX 4070Ti Super"
        return " ".join([parts[0], parts[1] + parts[2]] + parts[3:])
    if x < 0.93 and parts[0] in ("RTX", "GTX", "RX"):
        # "RTX 4070 Ti" -> "RTX4070 Ti"
        return " ".join([parts[0] + parts[1]] + parts[2:])
    return name


def mem_variant(g: Gen, mem: int) -> str:
    return g.r.choice([f"{mem}GB", f"{mem}GB", f"{mem}GB", f"{mem} GB", f"{mem}G"])


def partner_pn(g: Gen, fam: str, brand: str, line: str, name: str, mem: int) -> str:
    num = "".join(ch for ch in name if ch.isdigit())
    tail = name.split(num, 1)[1].strip().upper() if num else ""
    tcode = tail.replace("SUPER", "S").replace(" ", "")
    key = f"{brand}|{line}|{name}|{mem}"

    def make():
        b = brand.upper()
        if fam == "gf":
            if b == "GIGABYTE":
                lc = {
                    "Gaming OC": "GAMING OC",
                    "Windforce OC": "WF3OC",
                    "Eagle OC": "EAGLE OC",
                    "AORUS Master": "AORUS M",
                    "AERO OC": "AERO OC",
                    "Vision OC": "VISION OC",
                    "Windforce OC SFF": "WF3OC SFF",
                    "Eagle OC Ice": "EAGLEOC ICE",
                    "AORUS Xtreme": "AORUS X",
                }.get(line, "OC")
                code = {"TIS": "TS", "TI": "T", "S": "S"}.get(tcode, tcode)
                return f"GV-N{num[:3] + code if code else num}{lc}-{mem}GD"
            if b == "ZOTAC":
                series = {"5": "B5", "4": "D4", "3": "A3", "2": "T2", "1": "P1"}[num[0]]
                return f"ZT-{series}{num[1:]}{g.r.choice('ABDFHJKQ')}-10P"
            if b == "ASUS":
                ln = line.split()[0].upper()
                if ln == "ROG":
                    ln = "ROG-" + line.split()[1].upper()
                return f"{ln}-RTX{num}{tcode}-O{mem}G"
            if b == "MSI":
                return f"{name.replace(' ', '')} {line.split()[0].upper()} {mem}G"
            if b == "PNY":
                return f"VCG{num}{tcode}{mem}{g.r.choice(['TFX', 'DFX', '3FX'])}PB1"
            if b == "EVGA":
                return f"{mem:02d}G-P{4 if num[0] in '12' else 5}-{num[0]}{g.digits(3)}-KR"
            if b == "PALIT":
                return f"NED{num}{tcode[:1] or '0'}{g.digits(2)}19K9-{g.digits(4)}A"
            if b == "INNO3D":
                return f"N{num}{tcode[:1]}3-{mem}D{7 if num[0] == '5' else 6}X-{g.digits(7)}"
            if b == "NVIDIA":
                return f"900-1G{g.digits(3)}-{g.digits(4)}-000"
        if fam == "amd":
            if b == "SAPPHIRE":
                return f"1{num[1:4]}{g.digits(1)}-0{g.r.randint(1, 4)}-20G"
            if b == "XFX":
                return f"RX-{num[:2]}{tcode[:2]}{line.split()[1][:4].upper()}B{g.digits(1)}"
            if b == "POWERCOLOR":
                return f"RX{num}{tcode} {mem}G-{g.r.choice('LEF')}/OC"
            if b == "ASROCK":
                return f"RX{num}{tcode} {line.split()[0][:2].upper()} {mem}GO"
            return f"RX{num}{tcode}{line.split()[0][:3].upper()}-{mem}GD"
        if fam == "intel":
            return f"{brand[:2].upper()}-B580{line[0]}-{mem}G{g.r.choice(['', 'OC'])}"
        return ""

    return g.pn(key, make)


def card_title(
    g: Gen, spec: dict, name: str, mem: int, mt: str, brand: str, line: str, cid: str, pn: str | None
) -> str:
    r = g.r
    fam = spec["fam"]
    nm = name_variant(g, name)
    mv = mem_variant(g, mem)
    vendor = {"gf": "GeForce", "amd": "Radeon", "intel": "Intel" if brand != "Intel" else ""}[fam]
    if fam == "gf" and r.random() < 0.4:
        vendor = "NVIDIA GeForce"
    if fam == "amd" and r.random() < 0.4:
        vendor = "AMD Radeon"
    suf = r.choice(SUFFIX[cid])
    bdisp = brand if r.random() < 0.7 else brand.upper()
    if brand == "NVIDIA" and line == "Founders Edition":
        templates = [
            f"NVIDIA GeForce {nm} Founders Edition {mv} {mt} Graphics Card",
            f"NVIDIA {nm} Founders Edition FE {mv}",
            f"{nm} FE {mv} {mt} NVIDIA Founders Edition",
        ]
    else:
        templates = [
            f"{bdisp} {vendor} {nm} {line} {mv} {mt} Graphics Card",
            f"{bdisp} {vendor} {nm} {mv} {line} {pn or ''}",
            f"{bdisp} {nm} {line} {mv} {mt} PCIe {spec['pcie']} Video Card",
            f"{nm} {mv} {bdisp} {line} GPU",
            f"{bdisp} {nm.replace(' ', '', 1)} {line} {mv} {pn or ''}",
            f"{vendor} {nm} {mv} {bdisp} {line} {mt}",
        ]
    base = r.choice(templates)
    t = base
    if suf and r.random() < 0.65:
        t = f"{t} - {suf}" if r.random() < 0.7 else f"{suf.upper()} {t}" if len(suf) < 14 else f"{t} {suf}"
    if len(" ".join(t.split())) > 80:  # sellers drop the flourish before they cut words
        t = base
    if len(" ".join(t.split())) > 80:
        t = t.replace(" Graphics Card", "").replace(f" {mt}", "").replace(" Video Card", "")
    return t


def pick_brand(g: Gen, spec: dict):
    brands = list(spec["brands"])
    if spec.get("fe"):
        brands = brands + [("NVIDIA", ["Founders Edition"])]
    brand, lines = g.r.choice(brands)
    return brand, g.r.choice(lines)


def cond_price(spec: dict, cid: str) -> tuple[float, float]:
    n, u = spec["new"], spec["used"]
    return {
        "1000": (n, 0.06),
        "1500": (u + 0.6 * (n - u), 0.07),
        "2010": (u + 0.3 * (n - u), 0.06),
        "2500": (u + 0.2 * (n - u), 0.07),
        "3000": (u, 0.10),
        "7000": (0.3 * u, 0.35),
    }[cid]


# --------------------------------------------------------------------------------------
def popular_items(g: Gen, spec: dict) -> list[dict]:
    r = g.r
    out: list[dict] = []
    fam = spec["fam"]
    name, mem, mt = spec["name"], spec["mem"], spec["mt"]
    vendor_word = {"gf": "NVIDIA", "amd": "AMD", "intel": "Intel"}[fam]

    def regular(cid=None, price=None, title=None, **kw):
        cid = cid or g.condition(spec["mix"])
        brand, line = pick_brand(g, spec)
        pn = partner_pn(g, fam, brand, line, name, mem) if r.random() < 0.55 else None
        base, sig = cond_price(spec, cid)
        p = price if price is not None else g.price(base, sig)
        t = title or card_title(g, spec, name, mem, mt, brand, line, cid, pn)
        return g.item(t, p, cid, epid_key=f"{spec['id']}|{brand}|{line}", **kw)

    for _ in range(spec["n"]):
        out.append(regular())
    # make sure the condition ladder is represented in every popular file
    for cid in ("1000", "1500", "2010", "3000"):
        if not any(it["conditionId"] == cid for it in out):
            out.append(regular(cid))

    # outliers: $1 placeholder and a ~3x overpriced listing
    out.append(
        g.item(
            r.choice(
                [
                    f"{vendor_word} {name} {mem}GB - Read Description Before Buying",
                    f"{name} {mem}GB Graphics Card - see description, make offer",
                    f"{name} {mem}GB GPU * PLACEHOLDER * message me for price",
                ]
            ),
            1.00,
            "3000",
            epid_key=None,
            best_offer=1.0,
        )
    )
    brand, line = pick_brand(g, spec)
    out.append(
        g.item(
            card_title(g, spec, name, mem, mt, brand, line, "1000", None),
            g.price(spec["new"] * 3.0, 0.05),
            "1000",
            epid_key=f"{spec['id']}|{brand}|{line}",
            marketing=False,
        )
    )

    # accessories named after the card
    brand, line = pick_brand(g, spec)
    acc = [
        (f"Backplate for {brand} {name} {line} - Black Aluminum", 29.99),
        (f"Replacement Cooling Fan Set (3 Fans) for {brand} {name} {line}", 21.95),
        (
            f"Full Cover GPU Water Block fits {name} {'Founders Edition' if spec.get('fe') else 'Reference PCB'} ARGB",
            139.00,
        ),
        (f"GPU Support Bracket Anti-Sag Holder fits {name} Aluminum", 14.99),
        (f"PCIe {spec['pcie']} Riser Cable + Vertical GPU Mount fits {name}", 44.99),
        (f"Thermal Pad Kit for {name} {mem}GB Memory & VRM - Pre-Cut", 17.49),
        (f"Full Height Bracket / Replacement I/O Shield for {brand} {name}", 11.99),
    ]
    if spec["pcie"] in ("4.0", "5.0") and fam == "gf" and not name.startswith("RTX 30"):
        acc.append((f"12VHPWR 16-Pin 90 Degree Power Adapter for {name} 600W", 19.99))
    for t, p in r.sample(acc, 2):
        out.append(g.item(t, g.price(p, 0.12), "1000", best_offer=0.05, ship_kind=r.choice(["free", "paid"])))

    # empty box
    out.append(
        g.item(
            r.choice(
                [
                    f"{brand} {name} {line} EMPTY BOX ONLY - No Card",
                    f"BOX ONLY {brand} {name} {mem}GB Retail Box w/ Inserts - NO GPU",
                ]
            ),
            g.price(r.choice([24.99, 34.99, 49.0]), 0.15),
            "3000",
            best_offer=0.4,
        )
    )

    # lot
    if spec.get("lot"):
        n = r.choice([3, 4, 6])
        out.append(
            g.item(
                f"Lot of {n} {vendor_word} {name} {mem}GB GPUs - Ex-Mining, All Tested Working",
                g.price(spec["used"] * n * 0.9, 0.05),
                "3000",
                heavy=True,
                best_offer=0.9,
            )
        )
    else:
        out.append(
            g.item(
                f"Lot of 2 {brand} {name} {mem}GB {mt} - Used, Tested",
                g.price(spec["used"] * 2 * 0.95, 0.05),
                "3000",
                best_offer=0.8,
            )
        )

    # laptop and/or gaming PC that contain the GPU
    if spec.get("laptop"):
        lt = r.choice(
            [
                "ASUS ROG Strix G16",
                "Lenovo Legion Pro 7i",
                "MSI Raider GE78",
                "Alienware m18 R2",
                "HP Omen 17",
                "Razer Blade 16",
                "Gigabyte AORUS 17X",
            ]
        )
        cpu = r.choice(["i9-14900HX", "i7-13700HX", "Ryzen 9 8945HX", "Core Ultra 9 275HX"])
        if spec["laptop"].startswith(("GTX 10", "RTX 20")):
            cpu = r.choice(["i7-8750H", "i7-9750H", "i9-9880H"])
        out.append(
            g.item(
                f"{lt} Gaming Laptop {cpu} {spec['laptop']} 32GB 1TB SSD",
                g.price(spec["used"] * 1.2 + (350 if spec["mix"] is MIX_OLD else 700), 0.12),
                r.choice(["3000", "1500"]),
                best_offer=0.6,
            )
        )
    pc_cpu = r.choice(["i7-14700K", "Ryzen 7 7800X3D", "i9-13900K", "Ryzen 9 9950X", "i5-13600K"])
    out.append(
        g.item(
            f"Custom Gaming PC {pc_cpu} {name} {mem}GB 32GB DDR5 2TB NVMe Win 11",
            g.price(spec["used"] + 950, 0.12),
            "3000",
            heavy=True,
            ship_kind=r.choice(["calc", "paid"]),
            best_offer=0.7,
        )
    )

    # variation listing (choose brand)
    bs = r.sample([b for b, _ in spec["brands"]], 3)
    out.append(
        g.item(
            f"{name} {mem}GB Graphics Card - {bs[0]} / {bs[1]} / {bs[2]} - Choose Brand",
            g.price(spec["used"] * 0.95, 0.04),
            "3000",
            variation=True,
            best_offer=0.0,
            epid_key=None,
        )
    )

    # for parts
    parts_titles = [
        f"*READ* {brand} {name} {mem}GB no display - for parts",
        f"{name} {mem}GB {brand} {line} FOR PARTS artifacting, fans work",
        f"{vendor_word} {name} GPU for parts or repair - no video output AS-IS",
    ]
    if fam == "gf" and name.startswith(("RTX 40", "RTX 50")):
        parts_titles.append(f"{name} {mem}GB burnt 12VHPWR connector - FOR PARTS / REPAIR")
    for t in r.sample(parts_titles, 2):
        base, sig = cond_price(spec, "7000")
        out.append(
            g.item(
                t, g.price(base, sig), "7000", best_offer=0.7, ship_kind=r.choice(["calc", "free", "paid"])
            )
        )

    # sibling model caught by the search
    for sname, smem, smt, sused in spec["sib"]:
        sspec = dict(spec, name=sname, mem=smem, mt=smt, used=sused, new=sused * 1.3)
        brand, line = pick_brand(g, spec)
        cid = r.choice(["3000", "3000", "1000"])
        base, sig = cond_price(sspec, cid)
        t = card_title(g, sspec, sname, smem, smt, brand, line, cid, None)
        if spec["id"] == "rtx-5080":
            t = f"{brand} {sname} {smem}GB {line} - upgrade from 5080"
        if spec["id"] == "rx-7800-xt":
            t = f"{brand} {sname} {smem}GB {line} - faster than 7800 XT"
        if spec["id"] == "arc-b580":
            t = f"{brand} Intel {sname} {smem}GB {line} (not B580)"
        if spec["id"] == "rtx-4070-ti-super":
            t = f"{brand} {sname} {smem}GB {line} (not Ti Super)"
        if spec["id"] == "rtx-4080-super":
            t = f"{brand} {sname} {smem}GB {line} {smt} - super clean, tested"
        out.append(g.item(t, g.price(base, sig), cid, epid_key=f"sib|{sname}|{smem}|{brand}|{line}"))

    # memory wedged between model number and suffix
    if spec.get("wedged"):
        wt, is_match = spec["wedged"]
        brand, line = pick_brand(g, spec)
        cid = r.choice(["1000", "3000"])
        base, _ = cond_price(spec, cid)
        if not is_match:
            base *= 1.12 if "SUPER" in wt or "Ti" in wt else 0.9
        out.append(g.item(f"{brand} {wt} {line} {mt} Graphics Card", g.price(base, 0.05), cid, epid_key=None))

    # board-partner part number first, model later
    brand, line = pick_brand(g, spec)
    if brand == "NVIDIA":
        brand, line = spec["brands"][0][0], spec["brands"][0][1][0]
    pn = partner_pn(g, fam, brand, line, name, mem)
    cid = r.choice(["1000", "3000", "1500"])
    base, sig = cond_price(spec, cid)
    out.append(
        g.item(
            f"{pn} {brand} {name} {line} {mem}GB",
            g.price(base, sig),
            cid,
            epid_key=f"{spec['id']}|{brand}|{line}",
        )
    )
    return out


def workstation_items(g: Gen, spec: dict) -> list[dict]:
    r = g.r
    out = []
    name, mem = spec["name"], spec["mem"]
    oems = [
        ("PNY", lambda: f"VCN{name.replace(' ', '').upper()}-{r.choice(['PB', 'SB'])}"),
        ("Dell", lambda: "0" + g.alnum(5)),
        ("HP", lambda: f"{g.alnum(5)}AA"),
        ("Lenovo", lambda: "4X6" + g.alnum(7)),
        ("NVIDIA", lambda: f"900-5G{g.digits(3)}-{g.digits(4)}-000"),
    ]
    for _ in range(spec["n"]):
        cid = g.condition(MIX_WS)
        oem, fn = r.choice(oems)
        pn = g.pn(f"{spec['id']}|{oem}", fn)
        base, sig = cond_price(spec, cid)
        arch = spec["arch"]
        t = r.choice(
            [
                f"{oem + ' ' if oem != 'NVIDIA' else ''}NVIDIA {name} {mem}GB GDDR6 Workstation Graphics Card {pn}",
                f"NVIDIA {name} {mem}GB GDDR6 ECC {arch} 4x DP Blower GPU {pn}",
                f"{oem} {name} {mem}GB Professional Video Card - {SUFFIX[cid][0] if cid != '1000' else 'New Bulk'}",
                f"NVIDIA {name} {mem} GB PCIe 4.0 Pro Graphics {oem + ' OEM' if oem != 'NVIDIA' else 'Bulk'}",
            ]
        )
        out.append(g.item(t, g.price(base, sig), cid, epid_key=f"{spec['id']}|{oem}"))
    base, sig = cond_price(spec, "7000")
    out.append(
        g.item(
            f"*READ* NVIDIA {name} {mem}GB - no display, fan spins - FOR PARTS",
            g.price(base, sig),
            "7000",
            ship_kind="calc",
        )
    )
    out.append(
        g.item(
            f"Full Height Bracket for NVIDIA {name} - 4x DisplayPort",
            g.price(12.99, 0.1),
            "1000",
            best_offer=0.0,
        )
    )
    if spec["sib"]:
        sname, smem, sused = spec["sib"]
        out.append(
            g.item(
                f"NVIDIA {sname} {smem}GB GDDR6 Workstation GPU (not {name.split()[-1]})"
                if "Quadro" in sname
                else f"PNY NVIDIA {sname} {smem}GB GDDR6 - compare {name}",
                g.price(sused, 0.08),
                "3000",
                epid_key=f"sib|{sname}",
            )
        )
    if spec["id"] == "rtx-a5000":
        # the laptop MXM module caught by an "RTX A5000" search
        out.append(
            g.item(
                f"Dell Precision 7770 NVIDIA RTX A5000 16GB MXM Laptop GPU Module {g.pn('a5k-mxm', lambda: '0' + g.alnum(5))}",
                g.price(549, 0.08),
                "3000",
                epid_key="a5000-mxm",
            )
        )
    if spec["id"] == "rtx-a6000":
        out.append(
            g.item(
                "Dell Precision 7960 Tower Xeon w7-2495X 128GB NVIDIA RTX A6000 48GB",
                g.price(6900, 0.08),
                "3000",
                heavy=True,
                ship_kind="calc",
            )
        )
    return out


def dc_items(g: Gen, spec: dict) -> list[dict]:
    r = g.r
    out = []
    name, mem, mt = spec["name"], spec["mem"], spec["mt"]
    vendor = "AMD" if name.startswith("Instinct") else "NVIDIA"
    oems = [
        (
            vendor,
            lambda: (
                f"900-2G{g.digits(3)}-{g.digits(4)}-{g.digits(3)}"
                if vendor == "NVIDIA"
                else f"102-D{g.digits(5)}-{g.digits(2)}"
            ),
        ),
        ("Dell", lambda: "0" + g.alnum(5)),
        ("HPE", lambda: f"{g.digits(6)}-001"),
        ("Lenovo", lambda: "01GV" + g.digits(3)),
        ("Supermicro", lambda: f"GPU-N{g.alnum(4)}"),
    ]
    for _ in range(spec["n"]):
        cid = g.condition(MIX_DC)
        oem, fn = r.choice(oems)
        pn = g.pn(f"{spec['id']}|{oem}", fn)
        base, sig = cond_price(spec, cid)
        short = name.replace("Tesla ", "") if r.random() < 0.3 else name
        t = r.choice(
            [
                f"{vendor} {name} {mem}GB {mt} {spec['words']} GPU Accelerator {pn}",
                f"{oem + ' ' if oem != vendor else ''}{vendor} {short} {mem}GB GPU Computing Card {pn}",
                f"{vendor} {short} {mem}GB {mt} Deep Learning AI GPU - {SUFFIX[cid][1] if cid != '1000' else 'New Bulk Pack'}",
                f"{pn} {vendor} {name} {mem} GB Data Center GPU",
                f"{vendor} {name} {mem}G {spec['words'].split()[0]} GPU for LLM Inference / Training",
            ]
        )
        abroad = 0.12
        out.append(
            g.item(
                t, g.price(base, sig * 1.2), cid, epid_key=f"{spec['id']}|{oem}", abroad_p=abroad, heavy=False
            )
        )
    base, sig = cond_price(spec, "7000")
    out.append(
        g.item(
            f"{vendor} {name} {mem}GB GPU - *READ* not detected - for parts",
            g.price(base, sig),
            "7000",
            ship_kind="calc",
        )
    )
    acc = {
        "tesla-p40": ("CPU 8-Pin EPS to Dual PCIe Power Cable for Tesla P40 / M40", 11.99),
        "tesla-v100-sxm2-16gb": (
            "SXM2 to PCIe x16 Adapter Board for Tesla V100 / P100 SXM2 - no GPU",
            189.00,
        ),
        "tesla-v100-pcie-32gb": ("Blower Fan Cooling Shroud Kit for Tesla V100 PCIe 32GB 3D Printed", 29.99),
        "tesla-t4": ("Full Height Bracket for NVIDIA Tesla T4 16GB", 9.99),
        "a10": ("Active Cooling Fan Shroud for NVIDIA A10 24GB 120mm", 34.99),
        "a100-pcie-40gb": ("Dual Fan Cooler Shroud Kit fits NVIDIA A100 PCIe 40GB / 80GB", 59.00),
        "a100-pcie-80gb": ("8-Pin CPU Power Cable for NVIDIA A100 80GB PCIe GPU Server", 15.99),
        "l4": ("Low Profile Bracket for NVIDIA L4 24GB GPU - Replacement", 8.99),
        "l40s": ("Fan Shroud Mounting Kit fits NVIDIA L40S / L40 Accelerator Card", 39.99),
        "instinct-mi100": ("Blower Fan Kit for AMD Instinct MI100 / MI50 - 3D Printed", 27.50),
    }[spec["id"]]
    out.append(g.item(acc[0], g.price(acc[1], 0.1), "1000", best_offer=0.0, abroad_p=0.3))
    extra = {
        "tesla-p40": [("Lot of 4 NVIDIA Tesla P40 24GB GPUs - Server Pulls, Tested", 4 * 240, "3000")],
        "tesla-v100-sxm2-16gb": [("NVIDIA Tesla V100 SXM2 32GB HBM2 GPU Module - Server Pull", 449, "3000")],
        "tesla-v100-pcie-32gb": [
            ("NVIDIA Tesla V100 PCIe 16GB HBM2 GPU - Server Pull", 399, "3000"),
            ("NVIDIA Tesla V100S 32GB PCIe HBM2 GPU Accelerator", 1399, "3000"),
        ],
        "tesla-t4": [("Dell PowerEdge R740 2x Xeon Gold 6148 256GB w/ 2x NVIDIA Tesla T4", 1799, "3000")],
        "a10": [
            ("Quadro P2000 5GB GDDR5 Video Card - Tested A10-7", 109, "3000"),
            ("NVIDIA A10G 24GB GPU (AWS variant) PCIe Passive", 1899, "3000"),
        ],
        "a100-pcie-40gb": [("NVIDIA A100 40GB SXM4 HBM2 GPU Module - NOT PCIe", 3499, "3000")],
        "a100-pcie-80gb": [("NVIDIA A800 80GB PCIe HBM2e Ampere GPU", 9999, "1000")],
        "l4": [
            ("Dell PowerEdge R760 Riser Card 2x PCIe x16 for L4 GPU", 89, "3000"),
            ("NVIDIA Quadro NVS 310 512MB Low Profile Video Card L4-2", 12.99, "3000"),
        ],
        "l40s": [("NVIDIA L40 48GB GDDR6 PCIe Ada Data Center GPU (L40 non-S)", 6499, "3000")],
        "instinct-mi100": [("AMD Radeon Instinct MI50 32GB HBM2 GPU Accelerator", 279, "3000")],
    }[spec["id"]]
    for t, p, cid in extra:
        out.append(g.item(t, g.price(p, 0.06), cid, heavy=p > 1000, ship_kind="calc" if p > 1000 else None))
    return out


# --------------------------------------------------------------------------------------
def shared_items(g: Gen) -> list[tuple[list[str], dict]]:
    """Listings that two (or more) searches both return: same itemId, same content."""
    s = []
    s.append(
        (
            ["rtx-4070", "rtx-4070-super"],
            g.item(
                "MSI GeForce RTX 4070 SUPER 12GB Ventus 2X OC GDDR6X Graphics Card - Used",
                g.price(489, 0.04),
                "3000",
                epid_key="rtx-4070-super|MSI|Ventus 2X OC",
            ),
        )
    )
    s.append(
        (
            ["rtx-4070-ti", "rtx-4070-ti-super"],
            g.item(
                "ZOTAC Gaming GeForce RTX 4070 Ti SUPER Trinity OC 16GB GDDR6X - Open Box",
                g.price(719, 0.04),
                "1500",
                epid_key="rtx-4070-ti-super|ZOTAC|Gaming Trinity OC",
            ),
        )
    )
    s.append(
        (
            ["rtx-4070", "rtx-4070-super", "rtx-4070-ti"],
            g.item(
                "NVIDIA RTX 4070 / 4070 SUPER / 4070 Ti 12GB GPU - Used, Tested - Pick Model",
                g.price(419, 0.03),
                "3000",
                variation=True,
                best_offer=0.0,
            ),
        )
    )
    s.append(
        (
            ["rtx-3080-10gb", "rtx-3090"],
            g.item(
                "EVGA RTX 3080 10GB / RTX 3090 24GB FTW3 Ultra - ex-workstation, tested",
                g.price(339, 0.03),
                "3000",
                variation=True,
                best_offer=0.0,
            ),
        )
    )
    s.append(
        (
            ["tesla-v100-sxm2-16gb", "tesla-v100-pcie-32gb"],
            g.item(
                "NVIDIA Tesla V100 16GB SXM2 on PCIe Adapter Card w/ Heatsink + Fan - AI GPU",
                g.price(329, 0.05),
                "3000",
                abroad_p=1.0,
                epid_key=None,
            ),
        )
    )
    s.append(
        (
            ["a100-pcie-40gb", "a100-pcie-80gb"],
            g.item(
                "NVIDIA A100 PCIe 40GB / 80GB Tensor Core GPU - Choose Memory",
                g.price(4999, 0.02),
                "3000",
                variation=True,
                best_offer=0.0,
                heavy=True,
            ),
        )
    )
    s.append(
        (
            ["rtx-a5000", "rtx-a6000"],
            g.item(
                "PNY NVIDIA RTX A5000 24GB / RTX A6000 48GB Workstation GPU - Choose",
                g.price(1299, 0.03),
                "3000",
                variation=True,
                best_offer=0.0,
            ),
        )
    )
    s.append(
        (
            ["rtx-5080", "rtx-5090"],
            g.item(
                "RTX 5080 16GB & RTX 5090 32GB Gaming OC Bundle - Lot of 2 GPUs",
                g.price(3399, 0.03),
                "1000",
                best_offer=1.0,
                epid_key=None,
            ),
        )
    )
    return s


LOW_FEEDBACK = [  # (model_id, feedback %, score, title, price, conditionId)
    (
        "rtx-4090",
        "82.5",
        7,
        "NVIDIA GeForce RTX 4090 24GB Founders Edition - NEW SEALED fast ship",
        1099.00,
        "1000",
    ),
    ("rtx-3090", "76.9", 13, "RTX 3090 24GB GDDR6X Gaming GPU works perfect", 399.00, "3000"),
    ("rtx-5090", "88.4", 26, "GeForce RTX 5090 32GB GDDR7 graphics card new in box", 1499.99, "1000"),
    ("a100-pcie-80gb", "84.0", 19, "NVIDIA A100 80GB PCIe GPU HBM2e - NEW", 3999.00, "1000"),
]


def build(g: Gen) -> dict[str, list[dict]]:
    files: dict[str, list[dict]] = {}
    for spec in POPULAR:
        files[spec["id"]] = popular_items(g, spec)
    for spec in WORKSTATION:
        files[spec["id"]] = workstation_items(g, spec)
    for spec in DATACENTER:
        files[spec["id"]] = dc_items(g, spec)
    for n, (mid, pct, score, title, price, cid) in enumerate(LOW_FEEDBACK):
        files[mid].append(
            g.item(
                title,
                price,
                cid,
                seller={
                    "username": f"sample_new_seller_{n}",
                    "feedbackPercentage": pct,
                    "feedbackScore": score,
                },
                best_offer=0.0,
                ship_kind="free",
                abroad_p=0.0,
                marketing=False,
            )
        )
    for mids, it in shared_items(g):
        for mid in mids:
            files[mid].append(copy.deepcopy(it))
    # eBay "best match" order: shuffle deterministically
    for mid in files:
        g.r.shuffle(files[mid])
    return files


def write(out: Path) -> int:
    """Write the EBAY_US snapshot (manifest and one file per model) into `out`; the number of items."""
    g = Gen(SEED)
    files = build(g)
    manifest = {
        "snapshot_date": SNAPSHOT_DATE,
        "kind": "sample",
        "note": MANIFEST_NOTE,
        "marketplace": "EBAY_US",
        "files": {mid: f"{mid}.json" for mid in files},
    }
    return make_sample_ebay_regions.write_snapshot(out, files, manifest)


def main() -> None:
    """The US snapshot, then the GB and DE ones beside it (tools/make_sample_ebay_regions.py)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parents[1] / "pipelines" / "sample_data" / "ebay"
    )
    args = ap.parse_args()
    total = write(args.out)
    print(f"wrote {total} EBAY_US items -> {args.out}")
    regions = make_sample_ebay_regions.write(args.out)
    print(f"wrote {regions} EBAY_GB and EBAY_DE items -> {args.out}/EBAY_GB, EBAY_DE")


if __name__ == "__main__":
    main()
