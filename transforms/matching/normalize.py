"""Title normalization: one Polars expression, applied alike to listing titles and to catalog names,
aliases and part numbers, so both sides of every comparison are spelled the same way.

Rules, in order:
  * uppercase; German umlauts written out (Ü -> UE) and the Turkish İ an I; invisible format characters (left-to-right marks, zero-width spaces, soft hyphens) dropped;
    `+` glued to a word dropped (NITRO+), a lone `+` or one between two words is PLUS (`8G+全漢IPC 1200W`, a
    Taiwanese store's card with a power supply); every other non-alphanumeric run (punctuation,
    emoji, non-ASCII) becomes one space (`W/` is then the word W, `DOESN'T` is DOESN T);
  * FOUNDERS EDITION / FOUNDERS is FE; TITAN X ... GDDR5X is the TITAN X PASCAL (the Maxwell one has GDDR5);
  * glued tokens split: RTX4090 -> RTX 4090, RTXA6000 -> RTX A6000, QUADRORTX -> QUADRO RTX, TITANXP -> TITAN XP,
    3060TI -> 3060 TI, 7900XTX -> 7900 XTX, 4090D -> 4090 D, L40S -> L40 S, 4000ADA -> 4000 ADA;
  * board-partner part numbers decoded where the scheme is regular: Gigabyte GV-N306T... -> 3060 TI,
    GV-R78XT... -> 7800 XT; ASUS O12G / 012G -> 12GB; EVGA 24G-P5-3987-KR -> 24GB EVGA53987KR (so its P4/P5
    is not read as a Tesla P4);
  * memory written as one token: 12 GB, 12G, 12GD, 12 GIG, 12BG, MSI's 4GT -> 12GB / 4GB, and in megabytes: 6144MB -> 6GB; a letter O
    typed for a zero in a model number is a zero (1O7O -> 1070);
  * after a four-digit GeForce number S / TIS mean SUPER / TI SUPER, and a T that ends the title is a suffix cut
    short (3070 T -> 3070 OR 3070 TI: unclear); a memory figure wedged between the
    number and its suffix moves behind it, with its memory type (4070 12GB SUPER -> 4070 SUPER 12GB,
    1660 6GB GDDR6 SUPER -> 1660 SUPER 6GB GDDR6);
  * ASUS's RTX 3080 V2 (its LHR edition) is the 10 GB card: 3080 V2 -> 3080 10GB V2;
  * negations removed: NOT FOR PARTS, NOT A PRE-ORDER, NOT A1000, NON XT, NOT THE 12GB TI, NOT 6X (so they neither trip an
    exclusion nor name a model);
  * comparisons removed (a maker may stand before the model: OUTPERFORMS NVIDIA 3070 AND 3080): FASTER THAN 3080 TI, UPGRADE FROM 2080 TI, COMPARED TO 4080, VS 4090, NEAR 3090, PERFORMS AT 3070, WANT 3090, VS 4060 AND
    5060, COMPARABLE RTX 3080/3090, INSTEAD OF A 3060 (the model named there is a yardstick, not the card:
    `RTX 3090 FE - faster than 3080 Ti` is a 3090, where two models side by side, `3090 / 3080 Ti`, stay
    unclear); so is the box a card ships in (IN A RTX 3080 FE BOX);
  * part numbers that start with digits glued into one token (Sapphire 11330-01-20G, NVIDIA 699-2G500-...);
    SMX (a common typo) is SXM; MAXQ is MAX Q; `no SXM version` is dropped; Barco's MXRT 7600 (a medical display card) is one token,
    not a Radeon RX 7600;
  * a bracket's height says PCIe (an SXM module has no bracket): FULL HEIGHT, HIGH PROFILE, FHFL -> ... PCIE (not
    FHHL: the V100 FHHL is a 150 W card of its own, and its FHHL moves next to the V100 as a variant word); LOW PROFILE -> LOW PROFILE SFF PCIE (the low-profile RTX
    4000 of 20GB is the SFF Ada);
  * PCIe lane widths (PCIE 4 0 X16 -> PCIE) and cooler fan counts (VENTUS 2X -> VENTUS 2FAN, TWIN X2 -> TWIN 2FAN, Inno3D's X3 OC ->
    3FAN OC) and port counts (DISPLAYPORT X 3 -> DISPLAYPORT) removed, so none reads as a lot.
"""

import polars as pl

from transforms.matching.vocabulary import COOLER_NAMES, GLUED_SERIES

_GENERATIONS = "ADA|BLACKWELL|HOPPER|AMPERE|TURING|VOLTA|PASCAL|MAXWELL"  # `(not Ada)` negates them too
_SUFFIX_ALT = "TI SUPER|TI|SUPER|XTX|XT|GRE"
# one model mention after a negation or a comparison: RTX 3080 TI, A1000, 6X, THE 12GB TI, 4070 12GB SUPER
_MODEL_AFTER = (
    rf"(?: THE| A| AN)?(?: NVIDIA| AMD| GEFORCE| RADEON)? (?:(?:RTX|GTX|RX) )?(?:[A-Z]+\d[A-Z0-9]*|\d+[A-Z][A-Z0-9]*|\d{{4}}|"
    rf"{_SUFFIX_ALT}|LHR|{_GENERATIONS})(?: (?:{_SUFFIX_ALT}|D))?(?: \d{{1,3}}GB)?(?: (?:{_SUFFIX_ALT}))?\b"
)
_COMPARED = (
    r"(?:(?:FASTER|BETTER|SLOWER|QUIETER|CHEAPER|STRONGER) THAN|COMPARED (?:TO|WITH)|UPGRADED? FROM|"
    r"INSTEAD OF|OUTPERFORMS|BEATS|SIMILAR TO|EQUIVALENT TO|COMPARABLE(?: TO| WITH)?|NEAR|CLOSE TO|ON PAR WITH|"
    r"PERFORMS? (?:AT|LIKE)|WANTS?|WANTED|LOOKING FOR|TRADE FOR|SWAP FOR|WIE|VS)"
)

_INVISIBLE = "[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]"

STAGES: list[tuple[str | None, list[tuple[str, str]]]] = [
    # (trigger, rules): a stage's rules can only match text containing its trigger (a regex, usually a plain
    # word), so normalize_series applies them to those rows only. None: every row.
    # invisible format characters (a left-to-right mark, U+200E, inside `10GB`, soft hyphens, zero-width
    # spaces) are dropped, not made spaces: they sit inside words
    (_INVISIBLE, [(_INVISIBLE, "")]),
    # the Turkish dotted capital I (`RTX 3070 Tİ`) is an I, not a letter to drop
    ("\u0130", [("\u0130", "I")]),
    # German umlauts written out as German writes them without (KÜHLER -> KUEHLER; ß is SS once upper case), so
    # the vocabularies spell eBay.de's words one way
    ("[ÄÖÜ]", [("Ä", "AE"), ("Ö", "OE"), ("Ü", "UE")]),
    (r"\+", [(r"(\w)\+(\w)", "$1 PLUS $2"), (r"(\w)\+", "$1 "), (r"\+", " PLUS ")]),
    # a part number that starts with digits is one token: 11330-01-20G (its 20G is no memory size), 699-2G500-0200-300
    # (its second part has a digit: `RTX-4090-D-Vulcan-W` and `RTX-3080-Ti-Gaming` are words joined by hyphens)
    ("-", [(r"\b(\d{2,})-([A-Z0-9]*\d[A-Z0-9]*)-([A-Z0-9]+)(?:-([A-Z0-9]+))?\b", "$1$2$3$4")]),
    (None, [(r"[^A-Z0-9 ]+", " "), (r" {2,}", " ")]),
    ("SMX", [(r"\bSMX(\d?)\b", "SXM$1")]),
    # Max-Q written as one word (`RTX PRO 6000 Blackwell MaxQ Workstation`), as the catalog's names never are
    ("MAXQ", [(r"\bMAXQ\b", "MAX Q")]),
    # Barco's MXRT medical display cards are numbered like Radeons (MXRT-7600, MXRT 5600): one token, no model
    ("MXRT", [(r"\bMXRT ?(\d{4})\b", "MXRT$1")]),
    ("FOUNDER", [(r"\bFOUNDERS?(?: EDITION)?\b", "FE")]),
    ("FOR SALE", [(r"\bFOR SALE\b", " ")]),
    ("QUADRORTX", [(r"\bQUADRORTX", "QUADRO RTX ")]),
    ("TITAN", [(r"\bTITAN(XP|X|V|RTX|Z)\b", "TITAN $1")]),
    # GDDR5X is the Pascal TITAN X's memory (the Maxwell GTX TITAN X has GDDR5): the title says which
    ("GDDR5X", [(r"\bTITAN X\b(.*\bGDDR5X\b)", "TITAN X PASCAL$1")]),
    # each gate below is a looser form of its rule, so that the rule runs on the few titles it can change
    # an ASUS part number written without its hyphens (PROART-RTX4060-O8G as `PROARTRTX40608G`, DUAL-RTX2070S-O8G-EVO
    # as `DUALRTX2070SO8GEVO`): the line, the series, the four-digit model, its suffix and its memory
    (
        "(?:PROART|TUF|DUAL|STRIX|PRIME)(?:RTX|GTX)",
        [
            (
                r"\b(PROART|TUF|DUAL|ROGSTRIX|STRIX|PRIME)(RTX|GTX)(\d{4})(TI|SUPER|S)?O?(\d{1,2})G([A-Z0-9]*)\b",
                "$1 $2 $3 $4 ${5}GB $6",
            )
        ],
    ),
    (rf"(?:{GLUED_SERIES})[A-Z]?\d", [(rf"\b({GLUED_SERIES})([A-Z]?\d)", "$1 $2")]),
    # a range of days or weeks (`ships 1-2 days`) is no date (`ships 11/25`: vocabulary.PRE_ORDER)
    ("DAY|WEEK", [(r"\b(\d{1,2}) (\d{1,2}) ((?:BUSINESS |WORKING )?(?:DAYS?|WEEKS?))\b", "$1 TO $2 $3")]),
    # a fan count opening the title (`2 Fan EVGA RTX 3080`) is no count of cards: glued as FAN_COUNT reads it
    ("FAN", [(r"^([1-4]) (FANS?)\b", "${1}FAN")]),
    # an A-prefixed workstation card is Ampere: `RTX A6000 Ada` (or `A6000ADA`) names two cards (the A6000 or the
    # RTX 6000 Ada); before `ADA` glued to a number is split off below
    ("ADA", [(r"\bA([2-6]\d{3}) ?ADA\b", "A$1 OR $1 ADA")]),
    (
        "GV ",
        [
            # Gigabyte: GV-N306TGAMING -> 3060 TI, GV-N407TSAERO -> 4070 TI SUPER, GV-N3090GAMING -> 3090, GV-N960WF -> 960
            (r"\bGV N(\d{3})TS", "GV N ${1}0 TI SUPER "),
            (r"\bGV N(\d{3})T", "GV N ${1}0 TI "),
            (r"\bGV N(\d{3})S", "GV N ${1}0 SUPER "),
            (r"\bGV N(\d{3,4})", "GV N $1 "),
            # Gigabyte Radeon: GV-R78XTGAMING -> 7800 XT, GV-R695XT -> 6950 XT, GV-R9060XT -> 9060 XT
            (r"\bGV R(\d{4})(XTX|XT|GRE)?", "GV R $1 $2 "),
            (r"\bGV R(\d{3})(XTX|XT|GRE)", "GV R ${1}0 $2 "),
            (r"\bGV R(\d{2})(XTX|XT|GRE)", "GV R ${1}00 $2 "),
            (r"\bGV R(\d{2})([A-Z])", "GV R ${1}00 $2"),
        ],
    ),
    # EVGA 24G-P5-3987-KR
    ("G P", [(r"\b(\d{2}) ?G P([45]) (\d{4}) ([A-Z]{2})\b", "${1}GB EVGA$2$3$4")]),
    ("TISUPER", [(r"(\d)TISUPER\b", "$1 TI SUPER")]),  # RTX4070TiSUPER
    # ASUS writes the Ti as a T inside a part number (TUF-RTX3060T-O8G-V2-GAMING); a T ending the title is a cut
    # title (below), not this
    (r"\dT ", [(r"\b(RTX|GTX) (\d{4})T ", "$1 $2 TI ")]),
    # the edition or the series glued after the number (`RTX 3070FE`, `GeForce 3090RTX`)
    (r"\d(?:FE|RTX|GTX)\b", [(r"\b(\d{4})(FE|RTX|GTX)\b", "$1 $2")]),
    (r"\d(?:TI|SUPER|XT|GRE|ADA|S|D)", [(r"(\d)(TIS|TI|SUPER|XTX|XT|GRE|ADA|S|D)\b", "$1 $2")]),
    # memory: 12 GB, 12G, 12GD, 12 GIG, ASUS O12G / 012G, and ASUS's 4GD5 (STRIX-GTX960-DC2OC-4GD5: 4 GB of GDDR5)
    # -> 12GB
    (None, [(r"\b[O0]?(\d{1,3})(?: GB| G| GD| GIGS?| GBS|G|GD|GD[56]X?|GIGS?|GBS|BG)\b", "${1}GB")]),
    # MSI writes memory as 2GT, 3GT, 4GT (`GTX 1050 Ti 4GT LP`, `GTX1050 3GT OC`: the 3 GB card, not the catalog's
    # 2 GB one): one digit of 2-4, and never a PCIe rate (`PCIe 4.0 16GT/s`, `8GT/s`, `5GT/s`: GT S after the
    # punctuation is gone; sixth review), nor a model (9800GT)
    (r"[234]GT\b", [(r"\b([234])GT( (?:[^S\s]\S*|S\S+)|$)", "${1}GB$2")]),
    # a letter O typed for a zero in a model number: GTX 1O7O -> 1070
    (r"\dO\dO\b", [(r"\b([1-9])O(\d)O\b", "${1}0${2}0")]),
    # memory in megabytes, as older cards' boxes and Russian sellers write it: 6144MB -> 6GB
    # (every size a catalog card comes in: `RTX 3080 ... 10240 MB GDDR6X` is the 10GB card)
    (
        "MB",
        [
            (rf"\b{mb} ?MB\b", f"{mb // 1024}GB")
            for mb in (2048, 3072, 4096, 6144, 8192, 10240, 11264, 12288, 16384, 20480, 24576, 32768, 49152)
        ],
    ),
    (r"\d S\b|\d TI ?S\b", [(r"\b(\d{4}) (?:(TI) ?)?S\b", "$1 $2 SUPER")]),
    # a title cut inside the suffix (`... RTX 3070 T`, the end of an 80-character title): the card or its Ti,
    # written as both, so that it stays unclear rather than taken for the plain card
    (r"\d T$", [(r"\b(\d{4}) T$", "$1 OR $1 TI")]),
    (
        r"\dGB [TSXG]",
        [(rf"\b(\d{{3,4}})( TI)? (\d{{1,3}}GB)( GDDR\d+X?)? ({_SUFFIX_ALT})\b", "$1$2 $5 $3$4")],
    ),
    # China's D editions written after the memory (`RTX 4090 24GB D`: the 4090 D, not the 4090; fourteenth review)
    (r"\dGB D\b", [(r"\b(\d{4}) (\d{1,3}GB) D\b", "$1 D $2")]),
    # a seller's `Pro Graphics` (`RTX 6000 Ada 48GB ... Pro Graphics PNY OEM`) is no RTX PRO: the word PRO ruled the
    # RTX 6000 Ada out and the card was unclear every day (fourteenth review); `RTX PRO 6000` keeps its PRO
    # (two spaces keep it from the second rule; the last stage closes them up)
    (
        "PRO GRAPHICS",
        [(r"\b(RTX|RADEON) PRO GRAPHICS\b", "$1 PRO  GRAPHICS"), (r"\bPRO GRAPHICS\b", "GRAPHICS")],
    ),
    ("PCI", [(r"\b(?:PCIE\d?|PCI E|PCI EXPRESS)(?: GEN ?\d| V?\d(?: \d)?)*(?: X ?\d{1,2})?\b", " PCIE ")]),
    # a bracket's height is a PCIe card's (an SXM module has none): `Tesla H100 ... - 80 GB - Full-height` is
    # the PCIe card, and a low-profile RTX 4000 of 20GB the SFF Ada
    # the V100 FHHL is a card of its own (vocabulary.VARIANT_SUFFIXES): its FHHL goes next to the V100, wherever the
    # title puts it (`Tesla V100 16GB FHHL PCIe`, `FHHL Tesla V100`)
    ("FHHL", [(r"\bV100\b(.*)\bFHHL\b", "V100 FHHL$1"), (r"\bFHHL\b(.*)\bV100\b", "$1 V100 FHHL")]),
    (
        "HEIGHT|PROFILE|FHFL",
        [
            (r"\b(?:(?:FULL|HIGH) (?:HEIGHT|PROFILE)|FHFL)\b", "$0 PCIE"),
            (r"\bLOW PROFILE\b", "LOW PROFILE SFF PCIE"),
        ],
    ),
    # lane widths (`PCIe x16`, `x8 slot`), but a count at the start of a title is a lot (`x8 Tesla V100`)
    (r"X(?:16|8)\b", [(r"(\S) X(?:16|8)\b", "$1 ")]),
    # a card without the Lite Hash Rate limiter (`Non-LHR`, `No LHR`) is one word, not a negation to remove: the RTX
    # 3080 12GB was sold with the limiter only, so a non-LHR 3080 is the 10GB card (catalog alias)
    ("LHR", [(r"\bNO[NT]? ?LHR\b", "NONLHR")]),
    # ASUS's V2 cards are its LHR editions, and its RTX 3080 V2 is the 10 GB card (TUF-RTX3080-O10G-V2-GAMING,
    # ROG-STRIX-RTX3080-O10G-V2-GAMING; the 12 GB card has no V2): `ROG STRIX RTX 3080 V2 OC` states its memory so
    ("3080 V2", [(r"\b3080 V2\b", "3080 10GB V2")]),
    (
        "NO",
        [
            (r"\b(?:NOT|NON|NO) (?:FOR |AS )?PARTS(?: OR REPAIR| REPAIR)?\b", " "),
            (r"\b(?:NOT|NO) (?:A )?PRE ?ORDERS?\b", " "),  # `in hand, not a pre-order`
            (r"\bNOT 100(?: PERCENT)?\b", " NOTFULLY "),
            (rf"\b(?:NOT|NON){_MODEL_AFTER}", " "),
            (r"\b(?:NO|NOT|NON) (?:AN? )?(?:SXM\d?|PCIE)(?: VERSION| MODEL| TYPE)?\b", " "),
        ],
    ),
    # a yardstick may name several models: `VS 4060 AND 5060`, `COMPARABLE RTX 3080/3090`
    (_COMPARED, [(rf"\b{_COMPARED}{_MODEL_AFTER}(?:(?: (?:AND|OR))?{_MODEL_AFTER})*", " ")]),
    # the box a card ships in is no second model: `RTX 2080 Ti ... in a RTX 3080 FE box`
    (" BOX", [(rf"\bIN{_MODEL_AFTER}(?: FE)? BOX\b", " BOX ")]),
    # a cooler's fan count, either way round (`VENTUS 2X`, Inno3D's `TWIN X2 RTX 4070`: one card)
    (r"[2-4] ?X\b|\bX ?[2-4]\b", [(rf"\b({COOLER_NAMES}) (?:([2-4]) ?X|X ?([2-4]))\b", "$1 ${2}${3}FAN")]),
    # a port count written after the port (`DisplayPort x 3`) is no lot either
    (
        r"\b(?:DISPLAYPORTS?|DP|HDMI|PORTS?) X ?[1-4]\b",
        [(r"\b(DISPLAYPORTS?|DP|HDMI|PORTS?) X ?[1-4]\b", "$1")],
    ),
    # Inno3D's X2 OC / X3 OC lines count fans too (`RTX 5090 32GB X3 OC` is one card)
    ("X[2-4] OC", [(r"\bX([2-4]) OC\b", "${1}FAN OC")]),
    ("  ", [(r" {2,}", " ")]),
]

REPLACEMENTS: list[tuple[str, str]] = [rule for _, rules in STAGES for rule in rules]


def normalize_expr(expr: pl.Expr) -> pl.Expr:
    """The normalized form of a string column (null becomes the empty string), as one expression."""
    out = expr.cast(pl.String).fill_null("").str.to_uppercase()
    for pattern, replacement in REPLACEMENTS:
        out = out.str.replace_all(pattern, replacement)
    return out.str.strip_chars()


def normalize_series(values: pl.Series) -> pl.Series:
    """normalize_expr, faster: a stage with a trigger runs only on the rows that contain the trigger."""
    out = values.cast(pl.String).fill_null("").str.to_uppercase()
    for trigger, rules in STAGES:
        if trigger is None:
            for pattern, replacement in rules:
                out = out.str.replace_all(pattern, replacement)
            continue
        rows = out.str.contains(trigger).arg_true()
        if rows.len() == 0:
            continue
        part = out.gather(rows)
        for pattern, replacement in rules:
            part = part.str.replace_all(pattern, replacement)
        out = out.scatter(rows, part)
    return out.str.strip_chars()


def normalize_strings(values: list[str | None]) -> list[str]:
    """normalize_series for plain strings (catalog names, tests)."""
    return normalize_series(pl.Series("s", values, dtype=pl.String)).to_list()
