"""The listing classifier (transforms/matching): hard cases, precedence, lots, eBay items, overrides, and the
dev-set targets. Property tests are in test_matching_properties.py."""

from pathlib import Path

import polars as pl
import pytest

from transforms.matching import EXCLUDE_REASONS, classify_ebay_items, classify_listings
from transforms.matching.evaluation import score
from transforms.matching.normalize import normalize_strings
from transforms.matching.overrides import apply_overrides
from warehouse.catalog import load_catalog

DEV = Path(__file__).parents[1] / "data" / "labelled_titles_dev.csv"
CATALOG = load_catalog()


_ROWS: dict[tuple, dict] = {}  # (title, fields) -> the classifier's row
_BATCHED: set[tuple] = set()  # the fields every parametrized title has been classified with
_TITLES: list[str] = []  # the parametrized titles of this module (below)


@pytest.fixture(scope="module", autouse=True)
def parametrized_titles(request):
    """This module's parametrized titles, so that `classify` reads them all in one call per set of fields: the
    classifier costs about 60 ms a call whatever its size (one call over 113 titles: 85 ms), and each row is
    classified on its own (tests/transforms/test_matching_properties.py: one row per input row, whatever the
    others)."""
    _TITLES[:] = dict.fromkeys(
        item.callspec.params["title"]
        for item in request.session.items
        if item.module is request.module and "title" in getattr(getattr(item, "callspec", None), "params", {})
    )


def classify(title: str, **fields) -> dict:
    key = tuple(sorted(fields.items()))
    if (title, key) not in _ROWS:
        batch = [title] if key in _BATCHED else list(dict.fromkeys([title, *_TITLES]))
        _BATCHED.add(key)
        frame = pl.DataFrame({"title": batch, **{k: [v] * len(batch) for k, v in fields.items()}})
        for text, row in zip(batch, classify_listings(frame, CATALOG).iter_rows(named=True), strict=True):
            _ROWS[(text, key)] = row
    return dict(_ROWS[(title, key)])


def outcome(title: str, **fields) -> str | None:
    """The model_id when kept, else the exclusion reason."""
    row = classify(title, **fields)
    return row["exclude_reason"] or row["model_id"]


HARD_CASES = [
    # Ti / Super / Ti Super / XT / XTX / GRE / D
    ("MSI GeForce RTX 4070 Ti 12GB Gaming X Trio", "rtx-4070-ti"),
    ("Gigabyte RTX 4070 SUPER Windforce OC 12G", "rtx-4070-super"),
    ("ASUS TUF RTX 4070 Ti SUPER OC 16GB", "rtx-4070-ti-super"),
    ("MSI RTX 4070 Ti Super 16G Gaming X Slim", "rtx-4070-ti-super"),
    ("Zotac RTX 4070 Twin Edge 12GB", "rtx-4070"),
    ("GTX 1660S 6GB", "gtx-1660-super"),
    ("EVGA GTX 1660 Ti XC 6GB", "gtx-1660-ti"),
    ("XFX RX 7900 XT 20GB MERC", "rx-7900-xt"),
    ("Sapphire RX 7900XTX Nitro+ 24GB", "rx-7900-xtx"),
    ("PowerColor Hellhound RX 7900 GRE 16GB", "rx-7900-gre"),
    ("AMD Radeon RX 6800 16GB reference (non-XT)", "rx-6800"),
    ("MSI RTX 4090 D Gaming X Slim 24G", "rtx-4090-d"),
    ("RTX 4090D 24GB", "rtx-4090-d"),
    ("RTX 5090 D 32GB Gigabyte", "unclear"),  # a D variant the catalog lacks
    ("XFX RX 6700 10GB Speedster", "unclear"),  # RX 6700 without XT is not in the catalog
    # memory variants: pick by the stated size, never guess
    ("EVGA RTX 3060 XC 12GB", "rtx-3060-12gb"),
    ("Zotac RTX 3060 Twin Edge 8GB", "rtx-3060-8gb"),
    ("MSI RTX 3060 Ventus 2X OC", "unclear"),
    ("MSI RTX 3080 Suprim X 12G LHR", "rtx-3080-12gb"),
    ("EVGA RTX 3080 XC3 Ultra", "unclear"),
    ("NVIDIA GeForce RTX 3050 graphics card", "unclear"),  # catalog id marks it as one memory variant
    ("PNY RTX 4060 Ti 16GB Verto", "rtx-4060-ti-16gb"),
    ("ASUS Dual RTX 4060 Ti OC", "unclear"),
    ("Radeon Instinct MI50 32GB", "instinct-mi50-32gb"),
    ("AMD MI50 HBM2", "unclear"),
    ("RTX 4060 8GB Ti Twin Edge", "rtx-4060-ti-8gb"),  # memory wedged between number and suffix
    ("MSI RTX 4070 12GB SUPER Ventus 2X OC", "rtx-4070-super"),
    ("PNY RTX 4070 Ti 16GB Super XLR8", "rtx-4070-ti-super"),
    ("PNY RTX 4070 Ti SUPER Verto 16GB - not the 12GB Ti", "rtx-4070-ti-super"),
    # PCIe vs SXM
    ("NVIDIA A100 80GB PCIe HBM2e", "a100-pcie-80gb"),
    ("NVIDIA A100 SXM4 40GB module", "a100-sxm4-40gb"),
    ("NVIDIA A100 80GB HBM2e tensor core GPU", "unclear"),  # sold in both forms, form not stated
    ("Nvidia A100 40GB PCI-E 4.0 SXM4 graphics card", "unclear"),  # both stated, no adapter
    ("V100 SXM2 32GB on SXM2-to-PCIe adapter card", "tesla-v100-sxm2-32gb"),
    ("Tesla V100 16GB SXM2 + PCIe adapter board (GPU included)", "tesla-v100-sxm2-16gb"),
    ("NVIDIA Tesla H100 80GB GPU PCIe version, no SXM version", "h100-pcie"),
    ("NVIDIA Tesla V100 SXM3 32GB", "unclear"),  # the catalog's V100 module is SXM2
    ("NVIDIA Tesla P100 16GB SMX2 module", "tesla-p100-sxm2"),  # SMX typo
    ("NVIDIA Tesla V100 16GB HBM2", "unclear"),
    # a bracket's height is a PCIe card's: full height, FHFL, low profile (and a low-profile 20GB RTX 4000 is SFF)
    ("Dell NVIDIA Tesla H100 Graphic Card - 80 GB - Full-height", "h100-pcie"),
    ("NVIDIA Tesla V100 32GB HBM2 FHFL accelerator", "tesla-v100-pcie-32gb"),
    ("HPE NVIDIA Tesla V100 16GB HBM2 Accelerator High Profile", "tesla-v100-pcie-16gb"),
    # but full height, half length is the V100 FHHL, a 150 W card the catalog does not have, wherever FHHL stands
    ("Tesla V100 FHHL 16GB HBM2 PCIe accelerator", "unclear"),
    ("NVIDIA Tesla V100-FHHL 16GB passive", "unclear"),
    ("Tesla V100 16GB PCIe FHHL single slot", "unclear"),
    ("FHHL Tesla V100 16GB PCIe card", "unclear"),
    # memory in megabytes, and `Ada` glued to the number
    ("Palit GeForce GTX 1060 StormX 6144MB 192bit", "gtx-1060-6gb"),
    ("MSI GeForce GTX 1060 Armor 3072 MB GDDR5", "gtx-1060-3gb"),
    ("PNY NVIDIA RTX 6000ADA 48GB GDDR6", "rtx-6000-ada"),
    ("PNY NVIDIA RTX A6000ADA 48GB GDDR6", "unclear"),  # the A6000 or the 6000 Ada, as `RTX A6000 Ada`
    # typing slips: BG for GB, a letter O for a zero
    ("MSI GeForce GTX 1060 Gaming X 6BG GDDR5", "gtx-1060-6gb"),
    ("PNY GeForce GTX 1O8O Ti XLR8 11GB", "gtx-1080-ti"),
    ("NVIDIA A100 40GB HBM2 low profile bracket included", "a100-pcie-40gb"),
    ("HP NVIDIA RTX 4000 Graphic Card - 20 GB GDDR6 - Low-profile", "rtx-4000-sff-ada"),
    ("NVIDIA RTX 4000 20GB GDDR6 single slot", "unclear"),  # the Ada or its SFF
    ("NVIDIA RTX A2000 12GB Low Profile", "rtx-a2000-12gb"),
    # Founders Edition
    ("NVIDIA GeForce RTX 3080 Founders Edition 10GB", "rtx-3080-10gb"),
    ("RTX 3080 FE", "rtx-3080-10gb"),  # the FE 3080 only came with 10GB (catalog alias)
    ("NVIDIA RTX 4090 Founders Edition", "rtx-4090"),
    # board-partner part numbers
    ("Gigabyte GV-N3090GAMING OC-24GD graphics card", "rtx-3090"),
    ("ASUS DUAL-RTX4070-012G-EVO", "rtx-4070"),
    ("Gigabyte GV-N306TGAMING OC-8GD", "rtx-3060-ti"),
    ("GIGABYTE GV-R78XTGAMING OC-16GD", "rx-7800-xt"),
    ("EVGA 10G-P5-3897-KR GPU works great", "rtx-3080-10gb"),
    ("EVGA GTX 1060 SC 3GB 03G-P4-6162-KR", "gtx-1060-3gb"),  # P4 of an EVGA code is no Tesla P4
    ("Sapphire Pulse RX 7800 XT 16GB 11330-02-20G", "rx-7800-xt"),  # 20G of the part number is no memory
    # A100 vs A1000 vs A100X
    ("NVIDIA RTX A1000 8GB", "rtx-a1000"),
    ("Nvidia A100 PCIe 40GB Ampere GPU - not A1000", "a100-pcie-40gb"),
    ("NVIDIA A100X 80GB converged accelerator", "unclear"),
    ("NVIDIA A100 80GB PCIe (not A100X)", "a100-pcie-80gb"),
    # RTX 6000 Ada vs Quadro RTX 6000 vs RTX PRO 6000
    ("NVIDIA RTX 6000 Ada Generation 48GB", "rtx-6000-ada"),
    ("PNY Quadro RTX 6000 24GB GDDR6", "quadro-rtx-6000"),
    ("NVIDIA RTX PRO 6000 Blackwell Workstation Edition 96GB", "rtx-pro-6000-blackwell"),
    ("PNY RTX PRO 6000 Blackwell Max-Q 96GB", "rtx-pro-6000-blackwell-max-q"),
    ("NVIDIA RTX PRO 6000 Blackwell Server Edition 96GB", "rtx-pro-6000-blackwell-server"),
    ("NVIDIA RTX 6000 graphics card workstation", "unclear"),
    ("NVIDIA RTX PRO 6000 Blackwell 96GB GDDR7", "unclear"),  # which of three editions? not said
    ("RTX PRO 6000 Blackwell Workstation 96GB", "rtx-pro-6000-blackwell"),
    ("PNY RTX PRO 6000 Max-Q Workstation Edition 96GB", "rtx-pro-6000-blackwell-max-q"),
    ("NVIDIA RTX 6000 24GB GDDR6 Turing", "quadro-rtx-6000"),  # QUADRO dropped: 24GB names it
    ("NVIDIA RTX 6000 48GB GDDR6 blower", "rtx-6000-ada"),  # ADA dropped: 48GB names it
    ("NVIDIA RTX 6000 96GB", "unclear"),  # 96GB fits three PRO editions, and PRO is not said
    ("Quadro RTX 6000 24GB workstation GPU", "quadro-rtx-6000"),  # WORKSTATION rules out no Quadro
    ("Quadro 6000 6GB", "unclear"),  # the Fermi Quadro 6000, not Quadro RTX 6000
    ("NVIDIA RTX 4000 SFF Ada 20GB", "rtx-4000-sff-ada"),
    ("PNY RTX 4000 Ada Generation 20GB", "rtx-4000-ada"),
    # TITANs
    ("NVIDIA TITAN X Pascal 12GB", "titan-x-pascal"),
    ("GeForce GTX Titan X Maxwell 12GB", "titan-x-maxwell"),
    ("Nvidia TitanXp 12GB", "titan-xp"),
    ("Titan X 12GB", "unclear"),
    # several models named
    ("RTX 3080 / 3090 graphics card", "unclear"),
    ("EVGA GTX 1080 1080 Ti graphics card", "unclear"),
    ("NVIDIA Tesla V100 / P100 16GB HBM2", "unclear"),
    ("Zotac GTX 1650 4GB", "unclear"),  # a model the catalog does not track
    # a store title naming the family again after the model (Amazon's): the stated memory decides, only when it
    # fits the model named first and not the family's shorter name
    ("MSI Ventus GeForce RTX 5070 Ti 16GB GDDR7 PCI Express 5.0 Graphics Card RTX 5070", "rtx-5070-ti"),
    ("ASUS TUF RTX 4070 Ti Super 16GB OC Graphics Card - RTX 4070 Ti", "rtx-4070-ti-super"),
    ("GIGABYTE GV-N105TOC-4GD GeForce GTX 1050 4 GB Graphics Card", "gtx-1050-ti"),  # the part number first
    ("MSI GeForce RTX 3080 Ti 12GB Gaming X Trio - RTX 3080", "unclear"),  # a 3080 12GB exists
    ("MSI GeForce RTX 5070 Ti Gaming Trio OC - RTX 5070", "unclear"),  # no memory stated
    ("RTX 5070 or RTX 5070 Ti 16GB, your choice", "unclear"),  # the shorter name first
    # stated memory contradicting the model
    ("MSI RTX 4090 12GB Gaming Trio", "unclear"),
    ("NVIDIA Tesla T4 24GB", "unclear"),
    # lane widths and fan counts are no lots
    ("Gigabyte RTX 4060 Eagle OC 8GB PCIe 4.0 x16", "rtx-4060"),
    ("NVIDIA RTX A2000 12GB PCIe x8", "rtx-a2000-12gb"),
    ("MSI RTX 4070 Ventus 2X 12G OC - 2X twin fan GPU", "rtx-4070"),
    ("ASUS ROG Strix GTX 1080 Ti 11GB OC 3X fans", "gtx-1080-ti"),
    ("HP NVIDIA RTX A2000 12GB 4x mini-DP", "rtx-a2000-12gb"),
    # noise and spelling
    ("🔥🔥 MSI RTX 3080 Ti Suprim X 12GB 🔥🔥", "rtx-3080-ti"),
    ("rtx4090 24g", "rtx-4090"),
    ("AMD Radeon 6800 XT 16GB", "rx-6800-xt"),  # no series word at all: RX is not required
    ("NVIDIA A10 24GB", "a10"),
    ("Toshiba Tecra A10 laptop video card", "system"),
    ("Short-core A30 24GB Tensor Core accelerator", "a30"),
]


@pytest.mark.parametrize(("title", "expected"), HARD_CASES)
def test_hard_cases(title, expected):
    row = classify(title, condition_id=3000, seller_feedback_pct=99.5)
    assert (row["exclude_reason"] or row["model_id"]) == expected, row["evidence"]


def test_contradicting_memory_is_reported_in_evidence():
    row = classify("Gigabyte RTX 3070 16GB Gaming OC")
    assert row["exclude_reason"] == "unclear" and row["model_id"] is None
    assert "16GB" in row["evidence"] and "contradicts" in row["evidence"]
    assert row["stated_memory_gb"] == "16"


def test_not_for_parts_and_reassurances_do_not_trip_for_parts():
    assert outcome("RTX 2080 Ti 11GB EVGA XC NOT for parts, tested 100% working") == "rtx-2080-ti"
    assert outcome("RTX 4090 Founders Edition - no artifacts, tested") == "rtx-4090"
    assert outcome("RTX 5080 16GB FE - new, damaged box") == "rtx-5080"
    assert outcome("Gigabyte RTX 3070 Eagle 8GB artifacting - as is") == "for_parts"
    assert outcome("MSI RTX 3070 Gaming X Trio 8GB - shows artefacts") == "for_parts"  # British spelling
    assert outcome("ASUS RTX 3070 Dual 8GB, no artefacts, boxed") == "rtx-3070"
    assert outcome("RTX 3080 10GB not working") == "for_parts"
    assert outcome("PNY RTX A4000 16GB", condition_id=7000) == "for_parts"


@pytest.mark.parametrize(
    ("title", "reason"),
    [
        ("Backplate fits RTX 3080 / 3090 Founders Edition", "accessory"),
        ("EKWB Quantum Vector waterblock for RTX 4090 FE", "accessory"),
        ("Low profile bracket for NVIDIA Tesla T4", "accessory"),
        ("RTX 3090 NVLink bridge 4-slot", "accessory"),
        ("PCIe 4.0 x16 riser cable for RTX 4090", "accessory"),
        ("GA102 GPU chip only RTX 3090 die", "accessory"),
        ("SXM2 to PCIe adapter board for Tesla V100 (no GPU)", "accessory"),
        ("Nvidia Tesla P40 fan shroud", "accessory"),
        ("RTX 4090 FE box only, card sold separately", "box_only"),
        ("Sapphire Nitro+ RX 7900 XTX empty retail box", "box_only"),
        ("ASUS ROG Strix Scar 18 laptop RTX 4090", "system"),
        ("MXM RTX 3080 16GB laptop GPU module", "system"),
        ("Razer Core X eGPU enclosure with RTX 3070", "system"),
        ("Dell PowerEdge R740 2x Xeon Gold w/ 2x Tesla V100 32GB", "system"),
        ("Gaming PC RTX 4070 Ryzen 7 32GB RAM 1TB SSD", "system"),
    ],
)
def test_exclusion_vocabularies(title, reason):
    row = classify(title)
    assert row["exclude_reason"] == reason, row["evidence"]
    assert row["model_id"] is None


@pytest.mark.parametrize(
    "title",
    [
        "EVGA RTX 3080 FTW3 10GB - works perfect, scratch on backplate",
        "NVIDIA RTX A4000 16GB - missing bracket screw",
        "Tesla P40 24GB with 3D printed fan shroud",
        "NVIDIA GeForce RTX 4090 24GB - Dell Alienware R15 pull",
        "Nvidia Tesla V100 32GB SXM2 for Dell PowerEdge C4140",
        "ASUS TUF RTX 4070 Ti 12GB RAM graphics card",
    ],
)
def test_accessory_and_machine_words_that_describe_a_card(title):
    assert classify(title)["exclude_reason"] is None, classify(title)["evidence"]


@pytest.mark.parametrize(
    ("title", "fields", "expected"),
    [
        ("RTX 3090 24GB box only", {"condition_id": 7000}, "for_parts"),
        ("RTX 4090 FE backplate, empty box", {}, "box_only"),
        ("RTX 3080 backplate for laptop", {}, "accessory"),
        ("Gaming PC 2x RTX 3090 24GB", {}, "system"),
        ("Lot of 2 RTX A4000 16GB", {"item_group_type": "SELLER_DEFINED_VARIATIONS"}, "lot"),
        ("Lot of 20 GTX 1660 Super 6GB", {"seller_feedback_pct": 90.0}, "lot"),
        (
            "Zotac RTX 3060 Ti 8GB",
            {"item_group_type": "SELLER_DEFINED_VARIATIONS", "seller_feedback_pct": 80.0},
            "variation",
        ),
        ("RTX 3070 / 3080 GPU used", {"seller_feedback_pct": 92.6}, "low_feedback"),
        ("NVIDIA GeForce graphics card 8GB", {}, "unclear"),
    ],
)
def test_precedence(title, fields, expected):
    assert classify(title, **fields)["exclude_reason"] == expected


def test_precedence_order_is_the_published_one():
    assert EXCLUDE_REASONS == (
        "bundle",
        "for_parts",
        "box_only",
        "photo_only",
        "sample",
        "pre_order",
        "modified",
        "accessory",
        "system",
        "lot",
        "variation",
        "low_feedback",
        "unclear",
    )


@pytest.mark.parametrize(
    "title,expected",
    [
        # fourteenth review: a seller's "Pro Graphics" is no RTX PRO (the RTX 6000 Ada was unclear every day)
        ("PNY NVIDIA RTX 6000 Ada Generation 48GB Pro Graphics Card", "rtx-6000-ada"),
        ("Dell NVIDIA RTX 6000 Ada 48 GB PCIe Pro Graphics OEM", "rtx-6000-ada"),
        ("NVIDIA RTX A5000 24GB Pro Graphics HP OEM", "rtx-a5000"),
        ("NVIDIA RTX PRO 6000 Blackwell Workstation Edition 96GB Pro Graphics", "rtx-pro-6000-blackwell"),
        # China's D editions with the D after the memory, as the Ti and SUPER already are
        ("Palit RTX 4090 24GB D GameRock OC", "rtx-4090-d"),
        ("Gigabyte RTX 5090 32GB D Windforce", "unclear"),  # the 5090 D is not in the catalog
        ("ZOTAC RTX 4090 24GB DDR6X Trinity OC", "rtx-4090"),  # DDR6X is no D
        # a card sold under Supermicro's part number is a card; a Supermicro server stays a system
        ("Supermicro NVIDIA A2 16GB GPU Computing Card GPU-NVA2", "a2"),
        ("Supermicro AMD Instinct MI210 64GB GPU Accelerator Card", "instinct-mi210"),
        ("Supermicro 4U GPU Server 8x NVIDIA A100 GPU computing card", "system"),
    ],
)
def test_pro_graphics_d_editions_and_supermicro_cards(title, expected):
    row = classify(title)
    assert (row["exclude_reason"] or row["model_id"]) == expected, row["evidence"]


@pytest.mark.parametrize(
    "title,expected",
    [
        # session of 2026-11-27, from a labelled set of real titles (set18, not committed): an ASUS part number's
        # memory written 4GD5 (GDDR5), a ship date by the month's name, a 3D model or a print file of a card
        ("ASUS STRIX-GTX960-DC2OC-4GD5 video card", "gtx-960-4gb"),
        ("Asus GTX960-DC2OC-2GD5 tested", "gtx-960-2gb"),
        ("MSI RTX 3080 Gaming X Trio 10GB - ships Dec 8", "pre_order"),
        ("EVGA RTX 3070 XC3 8GB SHIPS JANUARY 15TH", "pre_order"),
        ("Gigabyte RTX 3070 Eagle 8GB ships same day", "rtx-3070"),
        ("NVIDIA RTX 4090 24GB Founders Edition 3D model (Blender file)", "photo_only"),
        ("RTX 3080 FE 10GB STL file for 3D printing", "photo_only"),
        ("Tesla P40 24GB with 3D printed fan shroud", "tesla-p40"),
    ],
)
def test_part_number_memory_ship_dates_and_model_files(title, expected):
    row = classify(title)
    assert (row["exclude_reason"] or row["model_id"]) == expected, row["evidence"]


@pytest.mark.parametrize(
    "title,reason,model_id",
    [
        # issue 37: the market's traps, in titles written for this test
        ("NVIDIA RTX 3090 Founders Edition with EKWB water block installed 24GB", "modified", "rtx-3090"),
        ("ZOTAC 2080 8GB with EK water block", "modified", "rtx-2080"),
        ("EVGA RTX 3090 FTW3 24GB shunt modded", "modified", "rtx-3090"),
        ("RTX 3090 PCB only ready for water block 24GB", "modified", "rtx-3090"),
        ("RTX 4090 24GB no cooler, ready for custom loop", "modified", "rtx-4090"),
        ("NVIDIA RTX 3090 24GB engineering sample ES", "sample", None),
        ("NVIDIA A100 40GB QS qualification sample PCIe", "sample", None),
        ("NVIDIA RTX 4090 24GB ES", "sample", None),
        ("RTX 5090 Founders Edition PRE-ORDER confirmed order", "pre_order", None),
        ("Pre-order RTX 5090 32GB ships in March", "pre_order", None),
        ("RTX 4090 24GB photo only do not bid", "photo_only", None),
        ("Picture of NVIDIA RTX 4090 printout", "photo_only", None),
        ("RTX 3090 24GB untested as is", "for_parts", None),
        ("RTX 3090 x2 24GB", "lot", "rtx-3090"),
        ("RTX 3090 24GB pulled from gaming PC", None, "rtx-3090"),
        ("EKWB Quantum Vector waterblock for RTX 4090 FE", "accessory", None),  # the block alone
        ("EVGA GeForce RTX 3090 FTW3 Ultra Hydro Copper 24GB", None, "rtx-3090"),  # factory water cooling
        # the 2020 scalpers' bait, in titles written for this test after reading real sold listings
        ("NVIDIA GeForce RTX 3070 Founders Edition - Paper Edition - read description", "photo_only", None),
        ("RTX 3080 FE 10GB printed image, ships by email", "photo_only", None),
        ("ASUS TUF RTX 3060 Ti 8GB jpeg", "photo_only", None),
        ("RTX 3090 24GB picture (see description)", "photo_only", None),
        ("MSI RTX 3070 Gaming X Trio 8GB photo display", "photo_only", None),
        ("EVGA RTX 3080 FTW3 10GB PRESALE ships next week", "pre_order", None),
        ("Gigabyte RTX 3070 Eagle 8GB pre-ordered, ships 11/4", "pre_order", None),
        ("ZOTAC RTX 3090 Trinity 24GB arriving 10/12", "pre_order", None),
        # a card sold with a motherboard, named by its chipset: not a card's price
        ("MSI RTX 4080 SUPER 16GB + Z790 Tomahawk bundle", "system", None),
        ("RX 7900 XTX 24GB with X670E motherboard combo", "system", None),
        # no chipset, no photo there: GPU names and plain words that look alike
        ("Intel Arc B580 12GB Limited Edition", None, "arc-b580"),
        ("NVIDIA H100 80GB PCIe", None, "h100-pcie"),
        ("XFX Speedster MERC RX6800 16GB", None, "rx-6800"),
        ("INNO3D RTX 5090 32GB X3 OC", None, "rtx-5090"),  # a cooler line, not three cards
        ("Colorful iGame-GeForce-RTX-4090-D-Advanced 24GB", None, "rtx-4090-d"),  # words joined by hyphens
        ("ASUS-TUF-RTX-3080-Ti-Gaming 12GB", None, "rtx-3080-ti"),
        ("Sapphire 11322-02-20G Pulse RX 7900 XTX 24GB", None, "rx-7900-xtx"),  # a part number stays one
        ("Tesla V100 SXM2 16GB water cooled", None, "tesla-v100-sxm2-16gb"),
        # several card makers listed: a choice of cards at one price (the cheapest), as eBay's variations
        ("ASUS/MSI/ZOTAC RTX 3070 8GB in stock", "variation", None),
        ("Gigabyte RTX 4080 16GB Windforce/ PNY Verto/ Aorus Master", "variation", None),
        ("RTX 3060 Ti (multiple brands, EVGA, MSI) 8GB", "variation", None),
        # makers stuffed as search words, one maker under two names, one maker beside NVIDIA: still a card
        ("Gigabyte RTX 3080 Eagle OC 10GB gaming strix evga", None, "rtx-3080-10gb"),
        ("GALAX / KFA2 RTX 3090 SG 24GB", None, "rtx-3090"),
        ("NVIDIA / ASUS RTX 3090 TUF 24GB", None, "rtx-3090"),
        # read on a second set of real sold listings (2026-11-26); the titles here are the project's own
        ("Gigabyte RTX 4070 Ti 12GB - non-functional, sold as seen", "for_parts", None),
        ("Zotac RTX 3080 Ti 12GB board, GPU and memory missing", "for_parts", None),
        ("PNY RTX 4090 24GB core missing, PCB and cooler", "for_parts", None),
        ("ASUS TUF RTX 3080 10GB w/ Bykski", "modified", "rtx-3080-10gb"),
        ("EVGA RTX 2080 Ti 11GB with EKWB, runs cool", "modified", "rtx-2080-ti"),
        ("Quick start guide and manuals only - RTX 4080 FE", "accessory", None),
        ("Compatible with MSI RTX 4070 Ventus 2X replacement fan 87mm", "accessory", None),
        ("MXM3.0 GTX 1070 8GB module for laptops", "system", None),
        ("CLEVO GTX 1080 8GB MXM card tested", "system", None),
        ("Gigabyte RTX 3090 24GB GV-N3090IXEB-24GD used", "system", None),
        # mining cards name the card they were cut from: never that card's price
        ("Nvidia P106-100 6GB mining card (GTX 1060 chip)", "unclear", None),
        ("P104-100 8GB mining GPU, GTX 1070 equivalent", "unclear", None),
        ("NVIDIA CMP 30HX 6GB mining GPU like GTX 1660 Super", "unclear", None),
        ("NVIDIA CMP 100-210 16GB HBM2 (V100 core)", "unclear", None),
        # and what must stay a card
        ("RTX 3090 FE 24GB with box and quick start guide", None, "rtx-3090"),
        ("RTX 3080 FE 10GB, comes with manuals only (no box)", None, "rtx-3080-10gb"),
        # the 2020 scalpers' bait, as a fourth set of real titles wrote it
        ("Zotac RTX 3070 Twin Edge 8GB printed pic, ships fast", "photo_only", None),
        ("MSI RTX 3080 Gaming X Trio 10GB - P.N.G only", "photo_only", None),
        ("NVIDIA RTX 3080 10GB Founders Paper Card", "photo_only", None),
        ("RTX 3090 24GB FE render - do not buy, read description", "photo_only", None),
        ("NVIDIA GeForce RTX 3080 10GB Graphics Card Image", "photo_only", None),
        ("Geforce RTX 3090 (photo)", "photo_only", None),
        ("RTX 3090 24GB used, see photos", None, "rtx-3090"),
        # a yardstick or a box is no second model
        ("Gigabyte AORUS 2080 Ti 11GB | in warranty | comparable RTX 3080/3090", None, "rtx-2080-ti"),
        ("EVGA GTX 1080 Ti 11GB SC2, shipped in a RTX 3080 FE box", None, "gtx-1080-ti"),
        ("RTX 3060 12GB, compatible with PCIe 3.0 and 4.0 boards", None, "rtx-3060-12gb"),
        ("EVGA RTX 3080 FTW3 10GB missing backplate screw", None, "rtx-3080-10gb"),
        ("Tesla P40 24GB GPU accelerator", None, "tesla-p40"),
        ("Tesla P100 16GB PCIe HBM2", None, "tesla-p100-pcie-16gb"),
        ("PNY RTX 4070 12GB - beats a 3080 and 3070", None, "rtx-4070"),
        ("MSI RTX 3060 Ti 8GB small and quiet vs 4060 and 5060", None, "rtx-3060-ti"),
        ("ZOTAC RTX 3090 Trinity 2\u200e4GB", None, "rtx-3090"),
        # NVIDIA's own part number tells the Pascal TITAN X from the Maxwell GTX TITAN X
        ("NVIDIA TITAN X 12GB GDDR5X 900-1G611-2500-000 tested", None, "titan-x-pascal"),
        ("NVIDIA TITAN X 12GB GDDR5X blower", None, "titan-x-pascal"),
        ("GeForce GTX TITAN X 12GB GDDR5", None, "titan-x-maxwell"),
        ("GeForce GTX TITAN X 12GB GDDR5X", "unclear", None),  # GTX says Maxwell, GDDR5X says Pascal
        ("RTX 2080 Ti FE 11GB, waterblocked, runs cool", "modified", "rtx-2080-ti"),
        ("EVGA RTX 3070 8GB deshrouded with Noctua fans", "modified", "rtx-3070"),
        ("Zotac GTX 1080 8GB rebuilt with Arctic cooler", "modified", "gtx-1080"),
        ("Alienware Area 51m RTX 2080 module 8GB", "system", None),
        # read on a fifth set of real titles (recorded Browse responses, 2026-11-26); the titles are the project's own
        ("RTX 4090 24GB graphics card support, adjustable sag holder, aluminium", "accessory", None),
        ("RTX 3090 Ti 24GB card with sag bracket included", None, "rtx-3090-ti"),
        ("NVIDIA RTX A6000 48GB - long lead time, make an offer", "pre_order", None),
        ("NVIDIA L40S 48GB PCIe back ordered", "pre_order", None),
        ("RTX 3090 FE 24GB w/ Granzon block and stock cooler", "modified", "rtx-3090"),
        # a paint job is cosmetic: the committed labels of real Browse items keep such a card
        ("Custom painted MSI RTX 3080 Ti Suprim X 12GB", None, "rtx-3080-ti"),
        ("EVGA RTX 3090 FTW3 24GB thermal pad mod done, 80C memory", "modified", "rtx-3090"),
        ("RTX 3090 FE 24GB installed in an EKWB water block", "modified", "rtx-3090"),
        ("NVIDIA RTX 4080 FE 16GB in EK Quantum Vector waterblock", "modified", "rtx-4080"),
        ("RTX 4090 Founders Edition accessories, official, new", "accessory", None),
        ("RTX 4090 FE 24GB with all accessories", None, "rtx-4090"),
        ("Gigabyte RX 6800 16GB overheats under load", "for_parts", None),
        ("Gigabyte RX 6800 16GB, never overheated, clean", None, "rx-6800"),
        ("ZOTAC GTX 1660 6GB GDDR6 Super Twin Fan", None, "gtx-1660-super"),
        ("INNO3D Twin X2 RTX 3060 12GB OC", None, "rtx-3060-12gb"),
        ("RTX 3080 Ti 12GB FE, near 3090 performance", None, "rtx-3080-ti"),
        ("ASUS Dual GeForce RTX 4060 T", "unclear", None),  # cut inside the suffix: the 4060 or its Ti
        # read on a sixth set of real titles (store product titles); the titles here are the project's own
        ("EVGA RTX 3070 Ti FTW3 8GB GDDR6X, iCX3, ARGB LED, Metal Backplate", None, "rtx-3070-ti"),
        ("EVGA RTX 3080 XC3 10GB GDDR6X Metal Backplate in hand", None, "rtx-3080-10gb"),
        ("EVGA RTX 3080 FTW3 metal backplate", "accessory", None),
        ("Metal backplate for EVGA RTX 3080 FTW3 Ultra", "accessory", None),
        ("Gigabyte AORUS RTX 4090 XTREME WATERFORCE WB 24G, water block cooling", None, "rtx-4090"),
        ("NVIDIA L40S 48GB PCIe, bulk packaging and accessories", None, "l40s"),
        ("PNY RTX A4500 Ada 20GB", "unclear", None),  # A4500 is Ampere, Ada names the RTX 4500 Ada
        # the sixth set's eBay half: the 2020 scalpers' bait in yet more spellings, and a laptop's GPU module
        ("RTX 3070 FE (picture) for bots", "photo_only", None),
        ("MSI RTX 3080 Gaming X Trio 10GB Card Img", "photo_only", None),
        ("EVGA RTX 3080 FTW3 pictures", "photo_only", None),
        ("RTX 3060 Ti FE 8GB (9001G1234560000jpeg)", "photo_only", None),
        ("RTX 3090 24GB used, see pictures", None, "rtx-3090"),
        ("RTX 3080 FE 10GB *OrderConfirmed*", "pre_order", None),
        ("RX 6800 XT 16GB arriving Friday", "pre_order", None),
        ("RX 6900 XT 16GB, ships once received", "pre_order", None),
        ("RTX 3080 FE 10GB in hand, not a pre-order", None, "rtx-3080-10gb"),
        ("RX 6800 16GB new, performs at 3070 levels", None, "rx-6800"),
        ("RTX 3080 Ti 12GB, want 3090 in trade", None, "rtx-3080-ti"),
        ("HP RTX 2070 8GB module N18E-G2-A1", "system", None),
        ("GTX 1080 GPU die specimen keychain", "accessory", None),
        # left by the sixth set, the project's own titles: a card without its fans (a passive card has none), a card
        # sold and a fan, Barco's MXRT medical display cards (numbered like Radeons)
        ("ZOTAC RTX 3070 Twin Edge 8GB Graphics Card - NO FANS", "modified", "rtx-3070"),
        # water cooled beside a line no maker sells water cooled (the eleventh set: Watercooled ASUS TUF); a
        # factory loop (Hybrid, Strix LC, Hydro Copper) and a bare `water cooled` stay the stock card
        ("Water cooled ASUS TUF RTX 3080 10GB, custom loop", "modified", "rtx-3080-10gb"),
        ("RTX 3090 Founders Edition 24GB liquid cooled", "modified", "rtx-3090"),
        ("Gigabyte RTX 4090 Windforce 24GB - water cooled", "modified", "rtx-4090"),
        ("EVGA RTX 3080 Ti XC3 Ultra Hybrid water cooled 12GB", None, "rtx-3080-ti"),
        ("ASUS ROG Strix LC RTX 3080 Ti liquid cooled 12GB", None, "rtx-3080-ti"),
        ("NVIDIA RTX A5000 24GB water cooled", None, "rtx-a5000"),
        ("EVGA RTX 3080 FTW3 10GB missing one fan, works", "modified", "rtx-3080-10gb"),
        ("MSI RTX 3080 Ventus 3X 10GB fans removed for water", "modified", "rtx-3080-10gb"),
        ("MSI RTX 3080 Ventus 3X 10GB, no fan noise at idle", None, "rtx-3080-10gb"),
        ("NVIDIA Tesla P40 24GB, passive, no fans", None, "tesla-p40"),
        ("Tesla V100 16GB PCIe ohne Lüfter", None, "tesla-v100-pcie-16gb"),
        ("Gigabyte RTX 3090 24GB ohne Lüfter", "modified", "rtx-3090"),
        ("NVIDIA Tesla P4 8GB GPU Graphics Card and Turbo Cooling Fan", None, "tesla-p4"),
        ("NVIDIA Tesla P40 24GB GPU and Fan Shroud", None, "tesla-p40"),
        ("GPU and cooling fan for Tesla P40", "accessory", None),
        ("Tesla P40 GPU and cooling fan only", "accessory", None),
        ("Barco MXRT-7600 8GB medical display card", "unclear", None),
        ("Sapphire Pulse Radeon RX 7600 8GB", None, "rx-7600"),
        # a title naming both forms is settled by the catalog part number it carries, and only by that
        ("NVIDIA A100 40GB PCIe SXM4 Tensor Core GPU 900-21001-0000-000", None, "a100-pcie-40gb"),
        ("NVIDIA A100 40GB PCIe SXM4 Tensor Core GPU", "unclear", None),
        # eBay.de's words (the project reads EBAY_DE), in titles of the project's own
        ("ASUS RTX 3080 TUF 10GB defekt, kein Bild", "for_parts", None),
        ("MSI RTX 3070 8GB Gaming X Trio - für Bastler", "for_parts", None),
        ("Gigabyte RTX 3060 12GB als Ersatzteil", "for_parts", None),
        ("Zotac RTX 3090 24GB nicht defekt, voll funktionsfähig", None, "rtx-3090"),
        ("Palit RTX 4070 Super 12GB - nur OVP, keine Grafikkarte", "box_only", None),
        ("Leerkarton ASUS RTX 4090 TUF", "box_only", None),
        ("ASUS RTX 4090 TUF 24GB NEU & OVP", None, "rtx-4090"),
        ("NVIDIA RTX 3080 FE 10GB mit EKWB Wasserkühler", "modified", "rtx-3080-10gb"),
        ("RTX 4080 16GB ohne Kühler", "modified", "rtx-4080"),
        ("EKWB Wasserkühler für RTX 3080 FE", "accessory", None),
        ("Lüfter für MSI RTX 3070 Gaming X Trio", "accessory", None),
        ("Grafikkarten Halterung RTX 4090", "accessory", None),
        ("Gaming PC Ryzen 7 RTX 4070 32GB Komplett-PC", "system", None),
        ("RTX 5090 32GB Vorbestellung", "pre_order", None),
        # the seventh set: maker's names ending in a backplate or a port count, a card for a gaming PC
        ("EVGA RTX 3070 XC3 8GB, 08G-P5-1234-KR, 8GB GDDR6, iCX3 Cooling, Metal Backplate", None, "rtx-3070"),
        (
            "EVGA RTX 3080 Ti FTW3 12GB GDDR6X, iCX3 Technology, ARGB LED, Metal Backplate, LHR",
            None,
            "rtx-3080-ti",
        ),
        ("MSI RTX 3070 Ventus 8G, 1800 MHz, DisplayPort x 3, RTX 3070 video card", None, "rtx-3070"),
        ("Palit RTX 4070 12GB GDDR6X graphics card for computer gaming PC", None, "rtx-4070"),
        # and its German half (eBay.de, Kleinanzeigen), in titles of the project's own
        ("Stromversorgung 12VHPWR Kabel für RTX 4090", "accessory", None),
        ("Gainward RTX 4080 Phantom Zubehör, ohne Karte", "box_only", None),
        ("MSI RTX 4080 16GB mit Zubehör und OVP", None, "rtx-4080"),
        ("Quadro RTX 5000 16GB für Teile, nicht getestet", "for_parts", None),
        ("NVIDIA RTX 3080 Tİ 12GB", None, "rtx-3080-ti"),
        ("Quadro RTX 3000 N19E-Q1 6GB mobile GPU", "system", None),
        ("MSI Katana 15 RTX 4060 laptop", "system", None),
        ("MSI Summit E14 Flip A12UDT (RTX 3050 Ti)", "system", None),  # MSI's laptop lines, before the model
        ("MSI GS66 Stealth RTX 3070 8GB", "system", None),
        ("MSI RTX 4060 Ventus 2X 8GB from my GE76 Raider desktop swap", None, "rtx-4060"),
        ("Workstation RTX A5000 24GB, 256GB ECC RAM", "system", None),
        ("INNO3D iChill x3 RTX 3080 10GB", None, "rtx-3080-10gb"),
        ("Sapphire RX 7800 XT 16GB, schnell wie RTX 4070", None, "rx-7800-xt"),
        ("ASUS RTX 3060 Ti 8GB wie neu", None, "rtx-3060-ti"),
        # the ninth set (2026-11-26): Code 43 and a stated issue, the scalpers' bait in more spellings, pads and a BIOS
        # changed, an order still on its way to the seller, machines by their CPU, memory or role, a maker before a
        # yardstick, and Max-Q in one word; in titles of the project's own
        ("Zotac RTX 3060 12GB - code 43 in Windows", "for_parts", None),
        ("MSI RTX 3070 8GB Gaming X Trio has issues", "for_parts", None),
        ("EVGA RTX 3080 XC3 10GB [ISSUE]", "for_parts", None),
        ("EVGA RTX 3080 XC3 10GB tested, no issue", None, "rtx-3080-10gb"),
        ("EVGA RTX 3080 XC3 10GB works great, never had an issue", None, "rtx-3080-10gb"),
        ("RTX 3080 Founders Edition 10GB img file", "photo_only", None),
        ("AMD RX 6900 XT 16GB HD photo", "photo_only", None),
        ("RTX 3090 FE 24GB printed on paper", "photo_only", None),
        ("RTX 3070 Founders Edition - 5x7 print", "photo_only", None),
        ("NVIDIA RTX 3060 Ti Founders Edition - Photo", "photo_only", None),
        ("RTX 3060 12GB Edition, see photos", None, "rtx-3060-12gb"),
        ("Palit RTX 3080 GamingPro 10GB, thermal pads replaced", "modified", "rtx-3080-10gb"),
        ("Gigabyte RTX 3090 Gaming OC 24GB repadded", "modified", "rtx-3090"),
        ("Thermal pads for RTX 3080 FE", "accessory", None),
        ("ASUS RTX 4090 Strix 24GB with 1000W BIOS", "modified", "rtx-4090"),
        ("Sapphire RX 6700 XT 12GB email confirmation", "pre_order", None),
        ("PNY RTX 3080 10GB XLR8 - order shipped", "pre_order", None),
        ("Workstation Core Ultra 9 285K RTX 4090 24GB", "system", None),
        ("RTX 5080 16GB tower, 64GB DDR5", "system", None),
        ("2x RTX A5000 render node", "system", None),
        ("HP Omen 40L RTX 4070 Ti", "system", None),
        ("XFX RX 7900 XTX 24GB, faster than Nvidia 4080", None, "rx-7900-xtx"),
        ("PNY RTX PRO 6000 Blackwell MaxQ 96GB", None, "rtx-pro-6000-blackwell-max-q"),
        # no RTX 3080 12GB was sold without the hash-rate limiter: a non-LHR 3080 is the 10GB card
        ("Gigabyte RTX 3080 Gaming OC non-LHR", None, "rtx-3080-10gb"),
        ("RTX 3080 no LHR 12GB", "unclear", None),
        ("Gigabyte RTX 3080 Gaming OC LHR", "unclear", None),
        ("EVGA RTX 3070 XC3 8GB non LHR", None, "rtx-3070"),
        # the eleventh set (2026-11-26): the box with its papers, a cooler named last, a maker's spare part, the CPUs a
        # card suits, and ASUS part numbers without their hyphens; in titles of the project's own
        ("ASUS RTX 4070 Dual 12GB - box & manual only", "box_only", None),
        ("Zotac RTX 3080 Trinity 10GB box and paperwork only", "box_only", None),
        ("ASUS RTX 4070 Dual 12GB with box & manual", None, "rtx-4070"),
        ("RTX 3080 FE cooler and fans", "accessory", None),
        ("MSI RTX 3080 Suprim X 10GB with original heatsink and fans", None, "rtx-3080-10gb"),
        ("HPE Replacement Parts NVIDIA Tesla T4 16GB", None, "tesla-t4"),
        ("Tesla T4 16GB for replacement parts", "for_parts", None),
        ("Zotac RTX 3060 Twin Edge 12GB for Intel Core i7 13700K 14700K", None, "rtx-3060-12gb"),
        ("Gaming PC Intel Core i7 13700K RTX 3060 12GB", "system", None),
        (
            "RTX 3060 12GB for Intel Core i5 12400F desktop PC",
            "system",
            None,
        ),  # the guard eats no machine word
        ("ASUS TUFRTX3070O8GGAMING", None, "rtx-3070"),
        ("ASUS DUALRTX4060TIO8G", None, "rtx-4060-ti-8gb"),
        # and its December 2020 half: a ship date, a shipped order, a count before a maker, a fan count that is no
        # count of cards, an untested card said at length, a card sold with a power supply
        ("Gigabyte RX 6800 XT 16GB - will ship 12/4", "pre_order", None),
        ("EVGA RTX 3080 XC3 10GB in hand, ships 1-2 days", None, "rtx-3080-10gb"),
        ("EVGA RTX 3080 XC3 10GB shipping 2-3 business days", None, "rtx-3080-10gb"),
        ("MSI RTX 3070 Ventus 8GB *CONFIRMED AND SHIPPED ORDER*", "pre_order", None),
        ("2 ASUS ROG Strix OC RTX 3090 24GB", "lot", "rtx-3090"),
        ("2 Fan Zotac RTX 3060 Twin Edge 12GB", None, "rtx-3060-12gb"),
        ("PNY RTX 3070 8GB XLR8 - has not been tested", "for_parts", None),
        ("EVGA RTX 3080 FTW3 10GB with EVGA 850W G2 power supply", "bundle", None),
        ("EVGA RTX 3080 FTW3 10GB, needs a 750W PSU", None, "rtx-3080-10gb"),
        # the twelfth set (2026-11-26; 2020 and 2021 sold titles): more ship dates, a card sold with a PSU, a mouse or a
        # tower, and Colorful's glued iGame
        ("Zotac RTX 3070 Twin Edge 8GB *coming Friday*", "pre_order", None),
        ("**AVAILABLE 11/30** MSI RTX 3080 Ventus 3X 10GB", "pre_order", None),
        ("ASUS RTX 3060 Ti Dual 8GB - ships first week of December", "pre_order", None),
        ("EVGA RTX 3070 XC3 8GB ship next week", "pre_order", None),
        ("ASUS RTX 3070 Dual 8GB (2) available", None, "rtx-3070"),
        ("Zotac RTX 3080 Trinity 10GB + PSU", "bundle", None),
        ("EVGA RTX 3080 FTW3 10GB + EVGA X15 mouse", "bundle", None),
        ("RTX 3070 Founders Edition + mid tower", "bundle", None),
        ("EVGA RTX 3080 XC3 10GB, PSU cable included", None, "rtx-3080-10gb"),
        ("Colorful iGame2060Super Ultra 8GB", None, "rtx-2060-super"),
        # June 2023 sold titles: a GDDR5 card's memory written DDR5, ASUS's T for Ti inside a part number
        ("EVGA GTX 1060 SC 6GB DDR5", None, "gtx-1060-6gb"),
        ("MSI GTX 1060 Gaming X 3GB DDR5", None, "gtx-1060-3gb"),
        ("Gaming PC RTX 3060 12GB, 16GB DDR5", "system", None),
        (
            "MSI RTX 3060 Ventus 2X, 32GB DDR5",
            "unclear",
            None,
        ),  # the machine's memory says nothing of the card's
        ("ASUS Dual RTX 3060 Ti 8GB DUAL-RTX3060T-O8G-V2", None, "rtx-3060-ti"),
        # 2020 sold titles (10,115 of them, unlabelled, read for what the classifier kept): the resold order's bare
        # CONFIRMED, dates of arrival, pictures sold as cards; and what a seller confirms of a card
        ("EVGA RTX 3080 XC3 10GB *CONFIRMED*", "pre_order", None),
        ("MSI RTX 3070 Gaming X Trio 8GB (ORDER CONF)", "pre_order", None),
        ("EVGA RTX 3080 FTW3 10GB Non-LHR confirmed", None, "rtx-3080-10gb"),
        ("EVGA RTX 3080 XC3 10GB Non-LHR Confirmed Order", "pre_order", None),  # the guard hides no order
        ("Zotac RTX 3070 Twin Edge 8GB, tested and confirmed working", None, "rtx-3070"),
        ("MSI RTX 3060 Ti Ventus 8GB in hand 12/4", "pre_order", None),
        ("MSI RTX 3080 Ventus 10GB. In hand, ready to ship. $0.99 start", None, "rtx-3080-10gb"),
        ("RTX 3070 Founders Edition 8GB ships upon arrival", "pre_order", None),
        ("ASUS TUF RTX 3080 10GB - ships early November", "pre_order", None),
        ("RTX 3060 Ti Founders Edition 8GB picture", "photo_only", None),
        ("RTX 3070 Founders Edition picture (read desc)", "photo_only", None),
        ("RTX 3080 Founders Edition 10GB 4in x 6in print", "photo_only", None),
        ("RTX 3060 Ti Founders Edition 8GB, as pictured", None, "rtx-3060-ti"),
        ("NVIDIA GeForce RTX 3070FE in hand", None, "rtx-3070"),
        ("NVIDIA GeForce 3090RTX Founders Edition", None, "rtx-3090"),
        ("Gigabyte RTX 3080 Gaming OC 10GB & 850W PSU", "bundle", None),
        ("EVGA RTX 3080 XC3 10GB (750W PSU recommended)", None, "rtx-3080-10gb"),
        # the fifteenth set (2026-11-27; store and marketplace titles of 2020-2025): a power supply named before its
        # wattage is sold with the card, a wattage the card asks of one is not; memory written in megabytes
        ("MSI RTX 3070 Gaming X Trio 8G+ PSU Corsair RM 850W", "bundle", None),
        ("Gigabyte RTX 3060 Ti Eagle 8GB + power supply Seasonic 650 watt", "bundle", None),
        ("ASUS RTX 4070 SUPER Dual 12GB - recommended PSU 650W", None, "rtx-4070-super"),
        ("EVGA RTX 3080 FTW3 10GB, PSU 750W minimum", None, "rtx-3080-10gb"),
        ("EVGA GeForce RTX 3080 XC3 Ultra LHR 10240MB GDDR6X", None, "rtx-3080-10gb"),
        ("Sapphire Pulse Radeon RX 7900 XTX 24576 MB", None, "rx-7900-xtx"),
        ("PNY GeForce RTX 4060 Ti 16384 MB Verto", None, "rtx-4060-ti-16gb"),
        # the fifteenth set again: a maker and model with a wattage after a `+` is a power supply sold with the card
        # (a shop's combo, a 2021 bundle); a cable's rating, a part number and a Nitro+ are not; MSI's 3GT is 3 GB
        ("EVGA RTX 3080 FTW3 Ultra 10GB + EVGA SuperNOVA 850W G3", "bundle", None),
        ("GIGABYTE GTX 1660 SUPER OC 6G + GP-PB500W Bronze", "bundle", None),
        ("ASUS DUAL-GTX1660-O6G-EVO + Antec NX550 (550W) Bronze", "bundle", None),
        ("ASUS TUF RTX 4090 OC 24GB + CableMod 12VHPWR 600W cable", None, "rtx-4090"),
        ("MSI RTX 4090 Suprim X 24GB + 16-pin adapter 600W", None, "rtx-4090"),
        ("Sapphire Nitro+ RX 6800 XT 16GB 300W", None, "rx-6800-xt"),
        ("MSI GeForce GTX 1050 3GT OC 3GB", "unclear", None),
        ("MSI GTX1050 3GT OC", "unclear", None),
        # a `+` between two words joins two products as a lone one does (`8G+全漢IPC 1200W`, the store's combos)
        ("ZOTAC RTX 3080 Trinity 10G+Corsair RM850x 850W", "bundle", None),
        ("Sapphire NITRO+RX 7900 XTX Vapor-X 24GB", None, "rx-7900-xtx"),
        ("ASUS TUF RTX 4090 24GB+12VHPWR 600W cable", None, "rtx-4090"),
        # sixth review: a PCIe rate is no memory (`16GT/s`), a PSU's name may take five words, a card's own TDP is no
        # PSU; the sixteenth set: a motherboard or conference kit before `Bundle`, a fan attachment
        ("NVIDIA RTX A6000 48GB GDDR6 PCIe 4.0 16GT/s", None, "rtx-a6000"),
        ("Tesla P40 24GB PCIe 3.0 8GT/s", None, "tesla-p40"),
        ("RTX 3090 Founders + Cooler Master V850 SFX Gold 850W", "bundle", None),
        ("PNY RTX 4090 Verto 24GB + be quiet! Dark Power 13 1000W", "bundle", None),
        ("MSI RTX 4090 Gaming X Trio 24GB + 2 Year Warranty 450W TDP", None, "rtx-4090"),
        ("ASUS TUF RTX 4090 24GB + 600W 16 pin adapter", None, "rtx-4090"),
        ("ASUS TUF NVIDIA GeForce RTX 5090 32GB GDDR7 Mobo Bundle! - FAST SHIP!", "bundle", None),
        ("SAPPHIRE PURE RX 7700 XT 12G + B650M WIFI AM5 Bundle", "bundle", None),
        ("MSI RTX 4070 SUPER 12GB + B650M AORUS ELITE", "system", None),  # a micro-ATX board's chipset
        ("EVGA RTX 3080Ti 12GB FTW3 ULTRA 12G-P5-3967-KR Video Conference Bundle", "bundle", None),
        ("Sapphire NITRO+ RX 7900 XTX 24GB + Starfield Bundle", None, "rx-7900-xtx"),
        ("Nvidia Tesla P4 T4 Compact Fan Attachment", "accessory", None),
        ("MSI GeForce GTX 1050 Ti 4GT LP", None, "gtx-1050-ti"),
        # ASUS's RTX 3080 V2 is its LHR edition of the 10 GB card; the 12 GB card has no V2
        ("ASUS ROG STRIX NVIDIA GEFORCE RTX 3080 V2 OC EDITION GAMING", None, "rtx-3080-10gb"),
        ("ASUS TUF Gaming RTX 3080 V2 OC 12GB", "unclear", None),
        ("ASUS TUF Gaming RTX 3080 Ti V2 OC", None, "rtx-3080-ti"),
    ],
)
def test_the_market_traps(title, reason, model_id):
    row = classify(title)
    assert (row["exclude_reason"], row["model_id"]) == (reason, model_id), row["evidence"]


def test_a_bundle_read_from_the_page_is_never_a_card_price():
    frame = pl.DataFrame(
        {
            "title": [
                "GIGABYTE GeForce RTX 3070 Video Card + GIGABYTE GP-P750GM 750W Power Supply",
                "GIGABYTE GeForce RTX 3070 Video Card",
            ],
            "listing_kind": ["bundle", "card"],
        }
    )
    out = classify_listings(frame, CATALOG)
    assert out["exclude_reason"].to_list() == ["bundle", None]
    assert out["model_id"].to_list() == [None, "rtx-3070"]
    assert out["evidence"][0].startswith("bundle: sold with other products at one price")


# Issue 37 item 1: titles eBay cuts at 80 characters, and titles that name two models or two form factors
CUT_AND_TWO = [
    # cut mid-word at 80 characters: the model comes early, the cut tail changes nothing
    ("ASUS ROG Strix GeForce RTX 4090 OC Edition 24GB GDDR6X Graphics Card, Excellent Con", "rtx-4090"),
    (
        "MSI GeForce RTX 4070 Ti SUPER 16G VENTUS 3X OC Graphics Card 16GB GDDR6X PCIe 4.0 H",
        "rtx-4070-ti-super",
    ),
    ("Gigabyte GeForce RTX 4070 Ti Windforce OC 12GB GDDR6X Graphics Card GV-N407TWF3OC-1", "rtx-4070-ti"),
    ("PNY NVIDIA RTX A4000 16GB GDDR6 Workstation GPU - Used, tested, pulled from HP Z4 G", "rtx-a4000"),
    ("GeForce RTX 4090 24GB FE - Founders Edition - NEW SEALED - Ships Fast - Free Shippi", "rtx-4090"),
    # cut before the memory that tells two variants apart: never guessed
    ("MSI GeForce RTX 3060 Ventus 2X OC LHR Graphics Card GDDR6 192-bit HDMI DisplayPo", "unclear"),
    # two models side by side: a choice or a bundle, never one card's price
    ("Nvidia RTX 3090 24GB Founders Edition + RTX 3080 10GB", "unclear"),
    ("RTX 3090 / RTX 3080 Ti Graphics Card - Your Choice", "unclear"),
    ("RTX 4090 or RTX 4080 Super - pick one", "unclear"),
    ("MSI RTX 4080 16GB Gaming X Trio, 4090 cooler", "unclear"),
    # a second model named only as a yardstick: the card is the first
    ("RTX 3090 FE 24GB - faster than 3080 Ti", "rtx-3090"),
    ("Upgrade from RTX 2080 Ti: ASUS TUF RTX 4070 12GB", "rtx-4070"),
    ("RTX 4070 Ti SUPER 16GB compared to 4080", "rtx-4070-ti-super"),
    ("Radeon RX 7900 XTX 24GB - beats RTX 4080 in raster", "rx-7900-xtx"),
    ("RTX 3060 12GB, better than the 3060 8GB", "rtx-3060-12gb"),
    ("EVGA RTX 3090 FTW3 (not 3090 Ti) 24GB", "rtx-3090"),
    # two form factors of one card (brackets, coolers): still that card
    ("RTX A2000 12GB low profile and full height brackets", "rtx-a2000-12gb"),
    ("NVIDIA Tesla T4 16GB PCIe passive / active cooling", "tesla-t4"),
    ("Low profile RTX 4060 8GB single slot / full height bracket", "rtx-4060"),
]


@pytest.mark.parametrize(("title", "expected"), CUT_AND_TWO)
def test_cut_titles_and_titles_naming_two_models_or_form_factors(title, expected):
    assert outcome(title) == expected


def test_feedback_threshold():
    assert outcome("Sapphire Pulse RX 6800 16GB", seller_feedback_pct=95.0) == "rx-6800"
    assert outcome("Sapphire Pulse RX 6800 16GB", seller_feedback_pct=94.9) == "low_feedback"
    assert outcome("Sapphire Pulse RX 6800 16GB", seller_feedback_pct=None) == "rx-6800"
    row = classify_listings(
        pl.DataFrame({"title": ["Sapphire Pulse RX 6800 16GB"], "seller_feedback_pct": [97.0]}),
        CATALOG,
        min_feedback_pct=98.0,
    ).row(0, named=True)
    assert row["exclude_reason"] == "low_feedback" and row["model_id"] is None


def test_a_new_seller_is_low_feedback_and_a_zero_percentage_of_an_established_one_is_none():
    """Issue 37 names sellers with 1-3 feedback as a trap GPU Poet took out by hand: under MIN_FEEDBACK_SCORE (4)
    ratings a seller is low_feedback whatever its percentage. eBay shows 0.0% for a seller with no rating in the
    last 12 months (a lifetime score of 79 at 0.0% among the shared Browse items): from an established seller that
    is no percentage, not 0% positive. Without a score the percentage alone decides, as before."""
    title = "Sapphire Pulse RX 6800 16GB"
    frame = pl.DataFrame(
        {
            "title": [title] * 6,
            "seller_feedback_pct": [100.0, 100.0, 0.0, 0.0, 90.0, 0.0],
            "seller_feedback_score": [3, 4, 79, 2, 500, None],
        }
    )
    out = classify_listings(frame, CATALOG)
    assert out["exclude_reason"].to_list() == [
        "low_feedback",
        None,
        None,
        "low_feedback",
        "low_feedback",
        "low_feedback",
    ]
    assert out["evidence"][0].startswith(
        "low_feedback: seller's feedback score 3, under 4 (a new account, or negatives)"
    )
    assert out["evidence"][4].startswith("low_feedback: seller feedback 90.0% below 95%")
    items = [
        {"itemId": "1", "title": title, "seller": {"feedbackPercentage": "0.0", "feedbackScore": 79}},
        {"itemId": "2", "title": title, "seller": {"feedbackPercentage": "100.0", "feedbackScore": 1}},
    ]
    assert classify_ebay_items(items, CATALOG)["exclude_reason"].to_list() == [None, "low_feedback"]
    # a score eBay could not have meant is no score: never a crash (review of the rule)
    odd = [
        {"itemId": str(n), "title": title, "seller": {"feedbackScore": v}}
        for n, v in enumerate(["NaN", "inf", 1e30])
    ]
    assert classify_ebay_items(odd, CATALOG)["exclude_reason"].to_list() == [None, None, None]


@pytest.mark.parametrize(
    ("title", "qty", "model_id"),
    [
        ("2x RTX 3090 24GB EVGA FTW3 Ultra - matching pair", 2, "rtx-3090"),
        ("Pair of NVIDIA Tesla P40 24GB GPUs", 2, "tesla-p40"),
        ("Lot of 10 GTX 1070 8GB mining cards", 10, "gtx-1070"),
        ("(3) Three MSI RTX 3060 Ti Ventus 2X 8GB LHR", 3, "rtx-3060-ti"),
        ("2 x NVIDIA RTX A6000 48GB + NVLink bridge", 2, "rtx-a6000"),
        ("x2 AMD Radeon RX 7900 XTX 24GB Sapphire Pulse", 2, "rx-7900-xtx"),
        ("NVIDIA Tesla V100 32GB PCIe (lot of 4)", 4, "tesla-v100-pcie-32gb"),
        ("Tesla P40 24GB x4", 4, "tesla-p40"),
        ("5pcs RTX 3070 8GB", 5, "rtx-3070"),
        ("Bundle of 3 GPUs: RTX 3070, RTX 3060 Ti, RX 6700 XT", 3, None),  # mixed lot: no single model
        ("Lot of 12 NVIDIA P106-100 6GB mining cards", 12, None),
        ("Lot of 6 P106-100 6GB (GTX 1060) mining cards", 6, None),  # a mining card is not the 1060
        ("PNY Quadro RTX 4000 8GB blower (all 3 GPUs)", 3, "quadro-rtx-4000"),
        ("Brand New (2) PNY GeForce RTX 4070 Ti 12GB Verto", 2, "rtx-4070-ti"),  # a count after the condition
        ("Used (3) NVIDIA Tesla T4 16GB", 3, "tesla-t4"),
        # the word `lot` with no count: a lot, its count unknown
        ("Lot ASUS TUF RTX 3080 10GB OC, all working", None, "rtx-3080-10gb"),
        ("NVIDIA Tesla P4 8GB GPU job lot", None, "tesla-p4"),
    ],
)
def test_lots_keep_quantity_and_model(title, qty, model_id):
    row = classify(title)
    assert row["exclude_reason"] == "lot"
    assert row["lot_quantity"] == qty
    assert row["model_id"] == model_id


def test_non_lots_have_quantity_one():
    out = classify_listings(
        pl.DataFrame(
            {
                "title": [
                    "A100X converged accelerator 80GB 2x 100GbE",
                    "RTX 4090 24GB",
                    "RTX 3090 box only",
                    "New 2 Fan Gigabyte RTX 4060 Windforce 8GB",  # a fan count after the condition
                    "Lot of 1 - ZOTAC RTX 3070 Twin Edge 8GB",  # one card, however it is called
                    "Pilot-tested MSI RTX 4070 Super 12GB",  # no word `lot`
                ]
            }
        ),
        CATALOG,
    )
    assert out["lot_quantity"].to_list() == [1] * 6
    assert out["exclude_reason"].to_list() == ["unclear", None, "box_only", None, None, None]


def test_output_schema_order_and_empty_input():
    titles = ["RTX 4090 24GB", None, "", "RTX 3090 box only", "RTX 4090 24GB"]
    out = classify_listings(pl.DataFrame({"title": titles}, schema={"title": pl.String}), CATALOG)
    assert out.height == len(titles)
    assert out.schema["model_id"] == pl.String and out.schema["exclude_reason"] == pl.String
    assert out.schema["lot_quantity"] == pl.Int32 and out.schema["evidence"] == pl.String
    assert out["model_id"].to_list() == ["rtx-4090", None, None, None, "rtx-4090"]
    assert out["exclude_reason"].to_list() == [None, "unclear", "unclear", "box_only", None]
    assert out["evidence"].null_count() == 0
    empty = classify_listings(pl.DataFrame({"title": []}, schema={"title": pl.String}), CATALOG)
    assert empty.height == 0 and {"model_id", "exclude_reason", "lot_quantity", "evidence"} <= set(
        empty.columns
    )


def test_classify_ebay_items_keeps_order_and_ids():
    items = [
        {
            "itemId": "v1|3|0",
            "title": "NVIDIA RTX 4090 Founders Edition 24GB",
            "conditionId": "3000",
            "seller": {"feedbackPercentage": "99.5"},
        },
        {
            "itemId": "v1|1|0",
            "title": "RTX 3080 10GB",
            "conditionId": "7000",
            "seller": {"feedbackPercentage": "100.0"},
        },
        {
            "itemId": "v1|2|0",
            "title": "Sapphire Pulse RX 7800 XT 16GB",
            "conditionId": "1000",
            "itemGroupType": "SELLER_DEFINED_VARIATIONS",
            "seller": {"feedbackPercentage": "98"},
        },
        {"itemId": "v1|4|0", "title": "MSI RTX 3070 8GB", "seller": {"feedbackPercentage": "90.9"}},
        {"itemId": "v1|5|0", "title": "MSI RTX 3070 8GB"},
    ]
    out = classify_ebay_items(items, CATALOG)
    assert out["item_id"].to_list() == ["v1|3|0", "v1|1|0", "v1|2|0", "v1|4|0", "v1|5|0"]
    assert out["title"].to_list() == [i["title"] for i in items]
    assert out["exclude_reason"].to_list() == [None, "for_parts", "variation", "low_feedback", None]
    assert out["model_id"].to_list() == ["rtx-4090", None, None, None, "rtx-3070"]
    assert classify_ebay_items([], CATALOG).height == 0


def test_overrides_win():
    classified = pl.DataFrame(
        {
            "source": ["ebay", "ebay", "newegg"],
            "listing_id": ["v1|1|0", "v1|2|0", "v1|1|0"],
            "model_id": ["rtx-3090", None, "rtx-4090"],
            "exclude_reason": [None, "lot", None],
            "lot_quantity": pl.Series([1, 2, 1], dtype=pl.Int32),
            "evidence": ["3090 -> rtx-3090", "lot of 2", "4090 -> rtx-4090"],
            "total_price": [700.0, 1400.0, 1800.0],
            "unit_price": [700.0, 700.0, 1800.0],
        }
    )
    overrides = pl.DataFrame(
        {
            "source": ["ebay", "ebay"],
            "listing_id": ["v1|1|0", "v1|2|0"],
            "model_id": [None, "rtx-3090-ti"],
            "exclude_reason": ["accessory", None],
            "note": ["it is a backplate", None],
        }
    )
    out = apply_overrides(classified, overrides)
    assert out.columns == classified.columns
    assert out["exclude_reason"].to_list() == ["accessory", None, None]
    assert out["model_id"].to_list() == [None, "rtx-3090-ti", "rtx-4090"]
    assert out["evidence"].to_list() == [
        "manual override: it is a backplate",
        "manual override",
        "4090 -> rtx-4090",
    ]
    assert out["lot_quantity"].to_list() == [1, 1, 1]
    assert out["unit_price"].to_list() == [700.0, 1400.0, 1800.0]


def test_overrides_file_and_validation():
    path = Path(__file__).parents[2] / "warehouse" / "overrides.csv"
    overrides = pl.read_csv(path, schema_overrides={"model_id": pl.String, "exclude_reason": pl.String})
    assert overrides.columns == ["source", "listing_id", "model_id", "exclude_reason", "note"]
    classified = pl.DataFrame(
        {
            "source": ["ebay"],
            "listing_id": ["v1|000000000000|0"],
            "model_id": ["rtx-4090"],
            "exclude_reason": [None],
            "evidence": ["x"],
        },
        schema_overrides={"exclude_reason": pl.String},
    )
    out = apply_overrides(classified, overrides)
    assert out.row(0) == (
        "ebay",
        "v1|000000000000|0",
        None,
        "unclear",
        "manual override: example override; safe to delete",
    )
    with pytest.raises(ValueError, match="unknown exclude_reason"):
        apply_overrides(classified, overrides.with_columns(exclude_reason=pl.lit("broken")))
    assert apply_overrides(classified, overrides.clear()).equals(classified)


def test_new_catalog_row_needs_no_code_change():
    extra = pl.DataFrame(
        {
            "model_id": ["rtx-5080-super", "rx-9070-gre-12gb", "rx-9070-gre-16gb"],
            "name": ["GeForce RTX 5080 SUPER", "Radeon RX 9070 GRE 12GB", "Radeon RX 9070 GRE 16GB"],
            "search_query": ["RTX 5080 Super", "RX 9070 GRE 12GB", "RX 9070 GRE 16GB"],
            "aliases": ["RTX5080 Super|RTX 5080S", "RX9070GRE 12GB", "RX9070GRE 16GB"],
            "part_numbers": ["ZT-X50820-10P", None, None],
            "memory_gb": [24.0, 12.0, 16.0],
            "form_factor": ["pcie", "pcie", "pcie"],
        }
    )
    catalog = pl.concat([CATALOG.select(extra.columns), extra], how="vertical_relaxed")
    titles = [
        "MSI RTX 5080 SUPER 24GB Gaming Trio",
        "Zotac ZT-X50820-10P",
        "RTX 5080 16GB",
        "Sapphire RX 9070 GRE 12GB",
        "RX 9070 GRE",
    ]
    out = classify_listings(pl.DataFrame({"title": titles}), catalog)
    assert out["model_id"].to_list() == [
        "rtx-5080-super",
        "rtx-5080-super",
        "rtx-5080",
        "rx-9070-gre-12gb",
        None,
    ]


def test_normalization():
    assert normalize_strings(["RTX4070 12GB SUPER", "GV-N407TSAERO OC-16GD", "Radeon RX 6800 (non-XT)"]) == [
        "RTX 4070 SUPER 12GB",
        "GV N 4070 TI SUPER AERO OC 16GB",
        "RADEON RX 6800",
    ]
    # invisible format characters inside a word are dropped, not made spaces
    assert normalize_strings(["RTX 30\u200b80 1\u200e0GB\ufeff", "GE\u00adFORCE"]) == [
        "RTX 3080 10GB",
        "GEFORCE",
    ]


@pytest.mark.parametrize("name", ["dev", "holdout", "fresh", "final", "confirm", "blind"])
def test_every_labelled_set_meets_the_targets(name):
    """Each set was written by someone who never saw the classifier; the first-look figures of the unseen
    ones (before the fixes they prompted) are in the README. This keeps the fixed state from regressing."""
    labelled = pl.read_csv(DEV.parent / f"labelled_titles_{name}.csv", infer_schema=False).with_columns(
        pl.col("condition_id").cast(pl.Int64, strict=False),
        pl.col("seller_feedback_pct").cast(pl.Float64, strict=False),
        pl.col("lot_quantity").cast(pl.Int32, strict=False),
    )
    scores = score(labelled, classify_listings(labelled, CATALOG))
    assert scores.precision_kept >= 0.99, scores.errors
    assert scores.recall >= 0.95, scores.errors
